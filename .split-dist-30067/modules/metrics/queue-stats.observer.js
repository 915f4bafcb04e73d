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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.QueueStatsObserver = void 0;
const common_1 = require("@nestjs/common");
const clock_1 = require("../../domain/clock");
const queue_stats_1 = require("../../domain/queue-stats");
/**
 * The dashboard's stats of this process (src/domain/queue-stats.ts), added up in memory as the
 * worker runtime reports jobs: a few array writes per job, no I/O. QueueStatsFlusher takes the
 * deltas every few seconds and writes them to the store.
 * - succeeded: results the store recorded as succeeded; failed: failed attempts it recorded,
 *   final or to be retried (a stale result, whose lease was lost, counts in neither); each in the
 *   10 s step of the moment the store answered.
 * - pickup: claimed at (startedAt) minus runnable since (max(runAt, createdAt)), as the Prometheus
 *   histogram; run: from claim to the recorded result (also a cancelled or stale-free one).
 */
let QueueStatsObserver = class QueueStatsObserver {
    clock;
    deltas = new Map();
    constructor(clock) {
        this.clock = clock;
    }
    onClaimed(jobs, now) {
        for (let i = 0; i < jobs.length; i++) {
            const job = jobs[i].job;
            const startedAt = job.startedAt ?? now;
            this.minuteOf(job.queue, now).pickup[(0, queue_stats_1.bucketOf)(startedAt - Math.max(job.runAt, job.createdAt))]++;
        }
    }
    onSettled(job, outcome, durationMs) {
        if (outcome === 'stale')
            return;
        const now = this.clock.now();
        const stats = this.minuteOf(job.queue, now);
        const step = Math.floor((now % queue_stats_1.STATS_MINUTE_MS) / queue_stats_1.STATS_STEP_MS);
        if (outcome === 'succeeded')
            stats.succeeded[step]++;
        else if (outcome === 'failed' || outcome === 'scheduled' || outcome === 'pending')
            stats.failed[step]++;
        stats.run[(0, queue_stats_1.bucketOf)(durationMs)]++;
    }
    /** What was recorded since the last call, per queue; the observer starts afresh. */
    take() {
        const taken = this.deltas;
        this.deltas = new Map();
        return new Map([...taken].map(([queue, d]) => [queue, d.minutes]));
    }
    /** Puts back a delta the store did not take (it was down), to go with the next flush; minutes past retention are dropped. */
    giveBack(queue, delta) {
        const oldest = (0, queue_stats_1.minuteOf)(this.clock.now() - queue_stats_1.STATS_RETENTION_MS);
        for (const [minute, stats] of delta) {
            if (minute < oldest)
                continue;
            (0, queue_stats_1.addMinute)(this.statsAt(queue, minute), stats);
        }
    }
    minuteOf(queue, now) {
        const d = this.deltas.get(queue);
        const minute = (0, queue_stats_1.minuteOf)(now);
        if (d !== undefined && d.minute === minute)
            return d.current;
        return this.statsAt(queue, minute);
    }
    statsAt(queue, minute) {
        let d = this.deltas.get(queue);
        let stats = d?.minutes.get(minute);
        if (!stats) {
            stats = (0, queue_stats_1.emptyMinute)();
            if (!d)
                this.deltas.set(queue, (d = { minutes: new Map(), minute, current: stats }));
            d.minutes.set(minute, stats);
        }
        if (minute >= d.minute) {
            d.minute = minute;
            d.current = stats;
        }
        return stats;
    }
};
exports.QueueStatsObserver = QueueStatsObserver;
exports.QueueStatsObserver = QueueStatsObserver = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(clock_1.CLOCK)),
    __metadata("design:paramtypes", [Object])
], QueueStatsObserver);
//# sourceMappingURL=queue-stats.observer.js.map