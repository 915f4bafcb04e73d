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
exports.JobAttemptEntity = void 0;
const typeorm_1 = require("typeorm");
/**
 * One row per attempt, keyed (job_id, run); the key also serves "attempts of a job", in run order.
 * `run` is the job's fencing token of the attempt (bumped on every claim, never reset), so each
 * attempt keeps its own row although attempt numbers are used again (a released attempt is given
 * back; an API retry restarts the count at 1). Rows written before run numbers have run = attempt:
 * such a row follows the newest claim of that number (claim_version), and an end older than that
 * claim is not shown as its outcome. A job's successful attempt claimed and ended within one batch
 * has no row: the job's row holds it (job-history-fold.ts heldByRecord).
 */
let JobAttemptEntity = class JobAttemptEntity {
    jobId;
    run;
    /** The job's history key (the time in its id), the partition key. */
    createdAt;
    /** Attempt number, from 1 (repeats across runs after a release or an API retry). */
    attempt;
    workerId;
    /** Null when the attempt's end was seen but not its claim. */
    startedAt;
    finishedAt;
    outcome;
    error;
    claimVersion;
    endVersion;
};
exports.JobAttemptEntity = JobAttemptEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ name: 'job_id', type: 'text', primaryKeyConstraintName: 'job_attempts_pkey' }),
    __metadata("design:type", String)
], JobAttemptEntity.prototype, "jobId", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'integer', primaryKeyConstraintName: 'job_attempts_pkey' }),
    __metadata("design:type", Number)
], JobAttemptEntity.prototype, "run", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'job_attempts_pkey' }),
    __metadata("design:type", Date)
], JobAttemptEntity.prototype, "createdAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], JobAttemptEntity.prototype, "attempt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'worker_id', type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "workerId", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'started_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "startedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'finished_at', type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "finishedAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], JobAttemptEntity.prototype, "outcome", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "error", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'claim_version', type: 'numeric', precision: 32, scale: 0, nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "claimVersion", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'end_version', type: 'numeric', precision: 32, scale: 0, nullable: true }),
    __metadata("design:type", Object)
], JobAttemptEntity.prototype, "endVersion", void 0);
exports.JobAttemptEntity = JobAttemptEntity = __decorate([
    (0, typeorm_1.Entity)({ name: 'job_attempts' })
], JobAttemptEntity);
//# sourceMappingURL=job-attempt.entity.js.map