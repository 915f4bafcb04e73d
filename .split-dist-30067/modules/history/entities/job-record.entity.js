"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobRecordEntity = void 0;
const typeorm_1 = require("typeorm");
/**
 * One row per job, upserted with its latest known state. The `*_version` columns hold the event
 * source's position of the event that last set a group of columns (the Redis stream entry id, or
 * the memory log's sequence): an upsert only replaces a group with a higher position, so an event
 * delivered late or twice never overwrites a newer state. Positions, not `at` times, decide,
 * because instances' clocks disagree and many transitions share a millisecond.
 */
let JobRecordEntity = class JobRecordEntity {
    id;
    queue;
    /** Null until the job's `enqueued` event has been seen. */
    type;
    status;
    attempts;
    maxAttempts;
    priority;
    /**
     * The time in the job's id (when claimq accepted it), and the partition key: the table is
     * partitioned by it (migration PartitionHistory), keyed (created_at, id).
     */
    createdAt;
    updatedAt;
    /** Start of the latest attempt. */
    startedAt;
    /** Set while the job is in a final state (succeeded, failed, cancelled). */
    finishedAt;
    /** Worker of the latest attempt. */
    workerId;
    result;
    lastError;
    executionId;
    /** The recurring schedule that fired the job (Job.schedule.name), from its `enqueued` event. */
    scheduleName;
    /** The tick it fired the job for (Job.schedule.fireAt); set with schedule_name. */
    scheduleFireAt;
    /** Position of the event that set status, attempts, updated_at, finished_at and result. */
    version;
    /** Position of the claim that set started_at and worker_id. */
    claimVersion;
    /** Position of the event that set last_error. */
    errorVersion;
};
exports.JobRecordEntity = JobRecordEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'text', primaryKeyConstraintName: 'job_records_pkey' }),
    __metadata("design:type", String)
], JobRecordEntity.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], JobRecordEntity.prototype, "queue", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "type", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], JobRecordEntity.prototype, "status", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], JobRecordEntity.prototype, "attempts", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'max_attempts', type: 'integer', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "maxAttempts", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "priority", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'job_records_pkey' }),
    __metadata("design:type", Date)
], JobRecordEntity.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], JobRecordEntity.prototype, "updatedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'started_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "startedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'finished_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "finishedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'worker_id', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "workerId", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'jsonb', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "result", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'last_error', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "lastError", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'execution_id', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "executionId", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'schedule_name', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "scheduleName", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'schedule_fire_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "scheduleFireAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'numeric', precision: 32, scale: 0 }),
    __metadata("design:type", String)
], JobRecordEntity.prototype, "version", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'claim_version', type: 'numeric', precision: 32, scale: 0, nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "claimVersion", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'error_version', type: 'numeric', precision: 32, scale: 0, nullable: true }),
    __metadata("design:type", Object)
], JobRecordEntity.prototype, "errorVersion", void 0);
exports.JobRecordEntity = JobRecordEntity = __decorate([
    (0, typeorm_1.Entity)({ name: 'job_records' }),
    (0, typeorm_1.Index)('job_records_queue_created_idx', ['queue', 'createdAt', 'id']),
    (0, typeorm_1.Index)('job_records_queue_type_created_idx', ['queue', 'type', 'createdAt', 'id']),
    (0, typeorm_1.Index)('job_records_unfinished_idx', ['status', 'createdAt', 'id'], { where: `"status" <> 'succeeded'` })
], JobRecordEntity);
//# sourceMappingURL=job-record.entity.js.map