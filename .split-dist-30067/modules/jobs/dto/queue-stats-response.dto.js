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
exports.QueueStatsResponseDto = exports.LatencyDto = exports.ThroughputDto = exports.OldestPendingDto = void 0;
const swagger_1 = require("@nestjs/swagger");
const queue_stats_1 = require("../../../domain/queue-stats");
const queue_counts_dto_1 = require("./queue-counts.dto");
class OldestPendingDto {
    jobId;
    since;
    ageMs;
    approximate;
}
exports.OldestPendingDto = OldestPendingDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'The pending job that has waited longest; null: no job is pending' }),
    __metadata("design:type", Object)
], OldestPendingDto.prototype, "jobId", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, format: 'date-time', nullable: true, description: 'Since when it is runnable: its runAt (a delay, a retry) or else its creation' }),
    __metadata("design:type", Object)
], OldestPendingDto.prototype, "since", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: Number, nullable: true, description: 'at - since, in ms' }),
    __metadata("design:type", Object)
], OldestPendingDto.prototype, "ageMs", void 0);
__decorate([
    (0, swagger_1.ApiPropertyOptional)({
        description: 'Present (true) when the store looked at only a bounded number of index heads (Redis: 200 named groups, 32 priorities per group, 64 list entries past cancelled jobs) and more were left: the job shown may not be the oldest',
    }),
    __metadata("design:type", Boolean)
], OldestPendingDto.prototype, "approximate", void 0);
class ThroughputDto {
    stepMs;
    from;
    succeeded;
    failed;
}
exports.ThroughputDto = ThroughputDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: queue_stats_1.STATS_STEP_MS, description: 'The width of a step, ms' }),
    __metadata("design:type", Number)
], ThroughputDto.prototype, "stepMs", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'The start of the first step' }),
    __metadata("design:type", String)
], ThroughputDto.prototype, "from", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [Number], description: `Jobs that succeeded per step, oldest first (${queue_stats_1.STATS_WINDOW_STEPS} steps, the last one the current, partial step)` }),
    __metadata("design:type", Array)
], ThroughputDto.prototype, "succeeded", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [Number], description: 'Failed attempts per step (failed for good or to be retried), oldest first' }),
    __metadata("design:type", Array)
], ThroughputDto.prototype, "failed", void 0);
class LatencyDto {
    p50;
    p95;
    count;
}
exports.LatencyDto = LatencyDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: Number, nullable: true, description: 'Median, ms, from a log-scale histogram (buckets 1.5x wide, interpolated inside the bucket); null: no sample' }),
    __metadata("design:type", Object)
], LatencyDto.prototype, "p50", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: Number, nullable: true, description: '95th percentile, ms, as p50' }),
    __metadata("design:type", Object)
], LatencyDto.prototype, "p95", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Samples in the window' }),
    __metadata("design:type", Number)
], LatencyDto.prototype, "count", void 0);
/** A queue's overview for the dashboard: counts now, its oldest waiting job, the last 15 minutes. */
class QueueStatsResponseDto {
    queue;
    at;
    counts;
    oldestPending;
    throughput;
    pickupMs;
    runMs;
}
exports.QueueStatsResponseDto = QueueStatsResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], QueueStatsResponseDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'When this was read' }),
    __metadata("design:type", String)
], QueueStatsResponseDto.prototype, "at", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: queue_counts_dto_1.QueueCountsDto }),
    __metadata("design:type", Object)
], QueueStatsResponseDto.prototype, "counts", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: OldestPendingDto }),
    __metadata("design:type", OldestPendingDto)
], QueueStatsResponseDto.prototype, "oldestPending", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: ThroughputDto, description: 'Results recorded by the workers per 10 s step over 15 minutes (they write every 2 s)' }),
    __metadata("design:type", ThroughputDto)
], QueueStatsResponseDto.prototype, "throughput", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: LatencyDto, description: 'From runnable (max of runAt, createdAt) to claimed, over the last 15 to 16 minutes' }),
    __metadata("design:type", LatencyDto)
], QueueStatsResponseDto.prototype, "pickupMs", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: LatencyDto, description: 'From claim to recorded result, over the last 15 to 16 minutes' }),
    __metadata("design:type", LatencyDto)
], QueueStatsResponseDto.prototype, "runMs", void 0);
//# sourceMappingURL=queue-stats-response.dto.js.map