"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryQueueStats = void 0;
const queue_stats_1 = require("../../../domain/queue-stats");
const queue_stats_store_1 = require("../queue-stats-store");
/** QueueStatsStore in process memory: per queue, the minutes kept, forgotten after STATS_RETENTION_MS as Redis expires them. */
class MemoryQueueStats extends queue_stats_store_1.QueueStatsStore {
    clock;
    queues = new Map();
    constructor(clock) {
        super();
        this.clock = clock;
    }
    async record(queue, delta) {
        let minutes = this.queues.get(queue);
        if (!minutes)
            this.queues.set(queue, (minutes = new Map()));
        for (const [minute, stats] of delta) {
            let stored = minutes.get(minute);
            if (!stored)
                minutes.set(minute, (stored = (0, queue_stats_1.emptyMinute)()));
            (0, queue_stats_1.addMinute)(stored, stats);
        }
        this.forgetOld(minutes);
    }
    async read(queue, nowMs) {
        const minutes = this.queues.get(queue);
        const out = new Map();
        if (!minutes)
            return out;
        this.forgetOld(minutes);
        for (const minute of (0, queue_stats_1.windowMinutes)(nowMs)) {
            const stats = minutes.get(minute);
            if (stats)
                out.set(minute, structuredClone(stats));
        }
        return out;
    }
    /** Minutes whose retention has passed, as a Redis minute key expires STATS_RETENTION_MS after its last write. */
    forgetOld(minutes) {
        const oldest = (0, queue_stats_1.minuteOf)(this.clock.now() - queue_stats_1.STATS_RETENTION_MS);
        for (const minute of minutes.keys())
            if (minute < oldest)
                minutes.delete(minute);
    }
}
exports.MemoryQueueStats = MemoryQueueStats;
//# sourceMappingURL=memory-queue-stats.js.map