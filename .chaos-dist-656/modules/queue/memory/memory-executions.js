"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryExecutions = void 0;
exports.toRecord = toRecord;
const execution_1 = require("../../../domain/execution");
const job_1 = require("../../../domain/job");
/**
 * The executions of one queue, as the Redis scripts keep them: counters moved by every job
 * transition (MemoryQueue.insert and place call in), the refresh set of dirty executions and the
 * refreshes in flight (member '<id> <refresherId>' -> claim time).
 */
class MemoryExecutions {
    queue;
    byId = new Map();
    refresh = new Set();
    refreshing = new Map();
    constructor(queue) {
        this.queue = queue;
    }
    create(id, now, callbackUrl) {
        const execution = {
            id,
            queue: this.queue,
            total: 0,
            counts: (0, job_1.emptyCounts)(),
            createdAt: now,
            updatedAt: now,
            version: 0,
            callbackEnqueued: false,
            jobIds: [],
        };
        if (callbackUrl !== undefined)
            execution.callbackUrl = callbackUrl;
        this.byId.set(id, execution);
        return execution;
    }
    /** A new job joins the execution (created on first use, as HINCRBY would). */
    addJob(executionId, jobId, status, now) {
        const execution = this.byId.get(executionId) ?? this.create(executionId, now);
        execution.total += 1;
        execution.jobIds.push(jobId);
        this.move(executionId, undefined, status, now);
    }
    /** One job of the execution changes status: counters move, the execution is dirty. */
    move(executionId, from, to, now) {
        if (from === to)
            return;
        const execution = this.byId.get(executionId) ?? this.create(executionId, now);
        (0, execution_1.moveCount)(execution.counts, from, to);
        execution.version += 1;
        execution.updatedAt = now;
        this.refresh.add(executionId);
    }
    claim(refresherId, max, now) {
        const out = [];
        for (const id of this.refresh) {
            if (out.length >= max)
                break;
            this.refresh.delete(id);
            const execution = this.byId.get(id);
            if (!execution)
                continue;
            this.refreshing.set(`${id} ${refresherId}`, now);
            out.push(toRecord(execution));
        }
        return out;
    }
    ack(refresherId, ids, callbacksEnqueued) {
        for (const id of callbacksEnqueued) {
            const execution = this.byId.get(id);
            if (execution)
                execution.callbackEnqueued = true;
        }
        for (const id of ids)
            this.refreshing.delete(`${id} ${refresherId}`);
    }
    requeueStale(cutoff, limit) {
        const stale = [...this.refreshing].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
        for (const [member] of stale) {
            this.refreshing.delete(member);
            this.refresh.add(member.slice(0, member.indexOf(' ')));
        }
        return stale.length;
    }
}
exports.MemoryExecutions = MemoryExecutions;
function toRecord(execution) {
    const { jobIds: _jobIds, ...record } = execution;
    return { ...record, counts: { ...execution.counts } };
}
//# sourceMappingURL=memory-executions.js.map