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
exports.ExecutionEntity = void 0;
const typeorm_1 = require("typeorm");
/** An execution (a group of jobs with one status), written by the execution refresh. */
let ExecutionEntity = class ExecutionEntity {
    id;
    queue;
    status;
    total;
    pending;
    scheduled;
    running;
    succeeded;
    failed;
    cancelled;
    callbackUrl;
    /** Fixed at creation; the partition key (the table is partitioned by it, keyed (id, created_at)). */
    createdAt;
    updatedAt;
    finishedAt;
    /** The store's counters version this row was written from (bigint: read back as text). */
    version;
};
exports.ExecutionEntity = ExecutionEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'text', primaryKeyConstraintName: 'executions_pkey' }),
    __metadata("design:type", String)
], ExecutionEntity.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], ExecutionEntity.prototype, "queue", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], ExecutionEntity.prototype, "status", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "total", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "pending", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "scheduled", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "running", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "succeeded", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "failed", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ExecutionEntity.prototype, "cancelled", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'callback_url', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], ExecutionEntity.prototype, "callbackUrl", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'executions_pkey' }),
    __metadata("design:type", Date)
], ExecutionEntity.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'updated_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], ExecutionEntity.prototype, "updatedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'finished_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], ExecutionEntity.prototype, "finishedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'bigint', default: 0 }),
    __metadata("design:type", String)
], ExecutionEntity.prototype, "version", void 0);
exports.ExecutionEntity = ExecutionEntity = __decorate([
    (0, typeorm_1.Entity)({ name: 'executions' }),
    (0, typeorm_1.Index)('executions_queue_created_idx', ['queue', 'createdAt', 'id'])
], ExecutionEntity);
//# sourceMappingURL=execution.entity.js.map