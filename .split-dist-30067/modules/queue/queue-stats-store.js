"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.QueueStatsStore = void 0;
/**
 * A queue's recent activity (src/domain/queue-stats.ts), kept where its jobs are: per queue and
 * minute, outcomes per 10 s step and pickup and run histograms, each minute forgotten after
 * STATS_RETENTION_MS. Workers add deltas every few seconds (never per job); the dashboard reads a
 * window. A partitioned queue keeps its stats under the queue's own name (partition 0's slot).
 */
class QueueStatsStore {
}
exports.QueueStatsStore = QueueStatsStore;
//# sourceMappingURL=queue-stats-store.js.map