"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryExecutions = void 0;
exports.toRecord = toRecord;
const execution_1 = require("../../../domain/execution");
const job_1 = require("../../../domain/job");
/**
 * The executions of one queue, as the Redis scripts keep them: counters moved by every job
 * transition (MemoryQueue.insert and place call in), the refresh set of dirty executions, the
 * refreshes in flight (member '<id> <refresherId>' -> claim time, and a count per execution) and
 * the executions acknowledged final (id -> ack time), trimmed after their retention.
 */
class MemoryExecutions {
    queue;
    byId = new Map();
    /** Idempotency key -> execution id, freed when the execution is trimmed. */
    idempotency = new Map();
    refresh = new Set();
    refreshing = new Map();
    inFlight = new Map();
    done = new Map();
    /** Every execution by (createdAt, id) ascending: the listing's index, as exec:all in Redis. */
    order = [];
    constructor(queue) {
        this.queue = queue;
    }
    /** The live execution `key` names, if any. */
    byIdempotencyKey(key) {
        const id = key === undefined ? undefined : this.idempotency.get(key);
        return id === undefined ? undefined : this.byId.get(id);
    }
    create(id, now, callbackUrl, idempotencyKey) {
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
        if (idempotencyKey !== undefined) {
            execution.idempotencyKey = idempotencyKey;
            this.idempotency.set(idempotencyKey, id);
        }
        this.byId.set(id, execution);
        const position = { createdAt: now, id };
        this.order.splice(this.countBefore(position), 0, position);
        return execution;
    }
    /** Up to `limit` executions after `after` (from the newest without it), newest first; `more` when others follow. */
    list(limit, after) {
        const items = [];
        for (let i = (after ? this.countBefore(after) : this.order.length) - 1; i >= 0; i--) {
            if (items.length === limit)
                return { items, more: true };
            const execution = this.byId.get(this.order[i].id);
            if (execution)
                items.push(execution);
        }
        return { items, more: false };
    }
    /** A new job joins the execution; an execution that is gone (trimmed) is not recreated. */
    addJob(executionId, jobId, status, now) {
        const execution = this.byId.get(executionId);
        if (!execution)
            return;
        execution.total += 1;
        execution.jobIds.push(jobId);
        this.move(executionId, undefined, status, now);
    }
    /**
     * One job of the execution changes status: counters move, the execution is dirty. A job of a
     * trimmed execution (a retry) leaves no partial counters behind, as the scripts do.
     */
    move(executionId, from, to, now) {
        if (from === to)
            return;
        const execution = this.byId.get(executionId);
        if (!execution)
            return;
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
            const member = `${id} ${refresherId}`;
            if (!this.refreshing.has(member))
                this.inFlight.set(id, (this.inFlight.get(id) ?? 0) + 1);
            this.refreshing.set(member, now);
            out.push(toRecord(execution));
        }
        return out;
    }
    ack(refresherId, ids, callbacksEnqueued, now) {
        for (const id of callbacksEnqueued) {
            const execution = this.byId.get(id);
            if (execution)
                execution.callbackEnqueued = true;
        }
        for (const id of ids) {
            if (this.refreshing.delete(`${id} ${refresherId}`))
                this.endInFlight(id);
            const execution = this.byId.get(id);
            if (execution && isDone(execution))
                this.done.set(id, now);
        }
    }
    requeueStale(cutoff, limit) {
        const stale = [...this.refreshing].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
        for (const [member] of stale) {
            const id = member.slice(0, member.indexOf(' '));
            this.refreshing.delete(member);
            this.endInFlight(id);
            this.refresh.add(id);
        }
        return stale.length;
    }
    /** trim-executions.lua: done entries acknowledged before `cutoff`, re-checked, at most `limit`. */
    trim(cutoff, limit) {
        const due = [...this.done].filter(([, at]) => at < cutoff).sort((a, b) => a[1] - b[1]).slice(0, Math.max(0, limit));
        let deleted = 0;
        for (const [id] of due) {
            this.done.delete(id);
            const execution = this.byId.get(id);
            if (!execution || !isDone(execution) || this.refresh.has(id) || this.inFlight.has(id))
                continue;
            this.byId.delete(id);
            const at = this.countBefore(execution);
            if (this.order[at]?.id === id)
                this.order.splice(at, 1);
            const key = execution.idempotencyKey;
            if (key !== undefined && this.idempotency.get(key) === id)
                this.idempotency.delete(key);
            deleted++;
        }
        return deleted;
    }
    /** How many executions of the index sort before `p` (ascending): where `p` is, or would go. */
    countBefore(p) {
        let lo = 0;
        let hi = this.order.length;
        while (lo < hi) {
            const mid = (lo + hi) >> 1;
            const e = this.order[mid];
            if (e.createdAt < p.createdAt || (e.createdAt === p.createdAt && e.id < p.id))
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
    endInFlight(id) {
        const n = (this.inFlight.get(id) ?? 0) - 1;
        if (n > 0)
            this.inFlight.set(id, n);
        else
            this.inFlight.delete(id);
    }
}
exports.MemoryExecutions = MemoryExecutions;
/** Final, and its callback (if any) enqueued: what the ack puts in the done set. */
function isDone(execution) {
    const final = (0, execution_1.isExecutionFinal)((0, execution_1.deriveExecutionStatus)(execution.counts, execution.total));
    return final && (execution.callbackUrl === undefined || execution.callbackEnqueued);
}
function toRecord(execution) {
    const { jobIds: _jobIds, idempotencyKey: _key, ...record } = execution;
    return { ...record, counts: { ...execution.counts } };
}
//# sourceMappingURL=memory-executions.js.map