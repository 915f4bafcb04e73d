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
exports.WorkersResponseDto = exports.DeadWorkerDto = exports.LiveWorkerDto = exports.WorkerSlotsDto = void 0;
const swagger_1 = require("@nestjs/swagger");
class WorkerSlotsDto {
    busy;
    total;
}
exports.WorkerSlotsDto = WorkerSlotsDto;
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs the worker runs now' }),
    __metadata("design:type", Number)
], WorkerSlotsDto.prototype, "busy", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Its slots: WORKER_CONCURRENCY per queue, summed' }),
    __metadata("design:type", Number)
], WorkerSlotsDto.prototype, "total", void 0);
/** A worker process that published its info within WORKER_DEAD_MS. */
class LiveWorkerDto {
    id;
    host;
    pid;
    version;
    startedAt;
    lastHeartbeatAt;
    queues;
    slots;
    leasesHeld;
}
exports.LiveWorkerDto = LiveWorkerDto;
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'web-1-4242-0a1b2c3d', description: 'The worker id its leases carry (host-pid-random)' }),
    __metadata("design:type", String)
], LiveWorkerDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 'web-1' }),
    __metadata("design:type", String)
], LiveWorkerDto.prototype, "host", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: 4242 }),
    __metadata("design:type", Number)
], LiveWorkerDto.prototype, "pid", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ example: '0.1.0', description: 'The claimq version it runs' }),
    __metadata("design:type", String)
], LiveWorkerDto.prototype, "version", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'When it started claiming' }),
    __metadata("design:type", String)
], LiveWorkerDto.prototype, "startedAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time', description: 'Its last heartbeat (every HEARTBEAT_MS)' }),
    __metadata("design:type", String)
], LiveWorkerDto.prototype, "lastHeartbeatAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [String], description: 'The queues it claims from' }),
    __metadata("design:type", Array)
], LiveWorkerDto.prototype, "queues", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: WorkerSlotsDto }),
    __metadata("design:type", WorkerSlotsDto)
], LiveWorkerDto.prototype, "slots", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Leases it holds: jobs running, and those whose result or release is being recorded' }),
    __metadata("design:type", Number)
], LiveWorkerDto.prototype, "leasesHeld", void 0);
/** A worker the reaper declared dead in one queue, returning its leases. */
class DeadWorkerDto {
    id;
    host;
    pid;
    queue;
    declaredDeadAt;
    lastHeartbeatAt;
    requeued;
    failed;
    cancelled;
    jobIds;
}
exports.DeadWorkerDto = DeadWorkerDto;
__decorate([
    (0, swagger_1.ApiProperty)(),
    __metadata("design:type", String)
], DeadWorkerDto.prototype, "id", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, nullable: true, description: 'From its last info, or its id; null when neither says' }),
    __metadata("design:type", Object)
], DeadWorkerDto.prototype, "host", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: Number, nullable: true }),
    __metadata("design:type", Object)
], DeadWorkerDto.prototype, "pid", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'The queue whose leases it held' }),
    __metadata("design:type", String)
], DeadWorkerDto.prototype, "queue", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ format: 'date-time' }),
    __metadata("design:type", String)
], DeadWorkerDto.prototype, "declaredDeadAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: String, format: 'date-time', nullable: true, description: 'Its last heartbeat, when its info was still there' }),
    __metadata("design:type", Object)
], DeadWorkerDto.prototype, "lastHeartbeatAt", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs put back to pending (the attempt spent)' }),
    __metadata("design:type", Number)
], DeadWorkerDto.prototype, "requeued", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs failed: no attempt left' }),
    __metadata("design:type", Number)
], DeadWorkerDto.prototype, "failed", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ description: 'Jobs cancelled: a cancel had been asked' }),
    __metadata("design:type", Number)
], DeadWorkerDto.prototype, "cancelled", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [String], description: 'The first 50 of those jobs' }),
    __metadata("design:type", Array)
], DeadWorkerDto.prototype, "jobIds", void 0);
class WorkersResponseDto {
    live;
    dead;
}
exports.WorkersResponseDto = WorkersResponseDto;
__decorate([
    (0, swagger_1.ApiProperty)({ type: [LiveWorkerDto], description: 'Workers heard from within WORKER_DEAD_MS, by id (at most 1000)' }),
    __metadata("design:type", Array)
], WorkersResponseDto.prototype, "live", void 0);
__decorate([
    (0, swagger_1.ApiProperty)({ type: [DeadWorkerDto], description: 'The last 100 workers declared dead, newest first' }),
    __metadata("design:type", Array)
], WorkersResponseDto.prototype, "dead", void 0);
//# sourceMappingURL=workers-response.dto.js.map