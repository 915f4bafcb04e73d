"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisQueueKeys = void 0;
exports.queueSetKey = queueSetKey;
/**
 * The Redis key schema, private to the Redis store. Every key of a queue carries the hash tag
 * `{<queue>}`, so each script touches one slot and runs unchanged on Redis Cluster.
 */
class RedisQueueKeys {
    prefix;
    queue;
    base;
    constructor(prefix, queue) {
        this.prefix = prefix;
        this.queue = queue;
        this.base = `${prefix}:{${queue}}:`;
    }
    get jobPrefix() {
        return `${this.base}job:`;
    }
    job(id) {
        return `${this.jobPrefix}${id}`;
    }
    get pending() {
        return `${this.base}pending`;
    }
    get scheduled() {
        return `${this.base}scheduled`;
    }
    get leases() {
        return `${this.base}leases`;
    }
    get succeeded() {
        return `${this.base}succeeded`;
    }
    get failed() {
        return `${this.base}failed`;
    }
    get cancelled() {
        return `${this.base}cancelled`;
    }
    get events() {
        return `${this.base}events`;
    }
    get wake() {
        return `${this.base}wake`;
    }
    get seq() {
        return `${this.base}seq`;
    }
    get idem() {
        return `${this.base}idem`;
    }
    get workerLeasePrefix() {
        return `${this.base}wlease:`;
    }
    workerLeases(workerId) {
        return `${this.workerLeasePrefix}${workerId}`;
    }
    get workers() {
        return `${this.base}workers`;
    }
    get executionPrefix() {
        return `${this.base}exec:`;
    }
    /** An execution's counters hash; its job list is this key + ':jobs'. */
    execution(id) {
        return `${this.executionPrefix}${id}`;
    }
    executionJobs(id) {
        return `${this.execution(id)}:jobs`;
    }
    /** Dirty executions (set). */
    get refresh() {
        return `${this.base}refresh`;
    }
    /** Refreshes in flight (zset: member '<id> <refresherId>', score claim time). */
    get refreshing() {
        return `${this.base}refreshing`;
    }
    /** The KEYS every script takes, in the order src/lua/includes/queue-keys.lua names them. */
    scriptKeys() {
        return [
            this.jobPrefix,
            this.pending,
            this.scheduled,
            this.leases,
            this.succeeded,
            this.failed,
            this.cancelled,
            this.events,
            this.wake,
            this.seq,
            this.idem,
            this.workerLeasePrefix,
            this.workers,
            this.executionPrefix,
            this.refresh,
            this.refreshing,
        ];
    }
}
exports.RedisQueueKeys = RedisQueueKeys;
/** The one key outside any queue: the set of queue names (read by queues()). */
function queueSetKey(prefix) {
    return `${prefix}:queues`;
}
//# sourceMappingURL=redis-queue-keys.js.map