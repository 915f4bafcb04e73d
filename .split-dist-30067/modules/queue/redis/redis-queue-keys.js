"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AUDIT_KEY_SPACE = exports.WORKERS_KEY_SPACE = exports.SCHEDULES_KEY_SPACE = exports.RedisQueueKeys = void 0;
exports.queueSetKey = queueSetKey;
const script_keys_1 = require("./script-keys");
/**
 * The Redis key schema, private to the Redis store. Every key of a queue carries the hash tag
 * `{<queue>}`, so each script touches one slot and runs unchanged on Redis Cluster.
 */
class RedisQueueKeys {
    prefix;
    queue;
    base;
    scriptKeyCache = new Map();
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
    /** Pending jobs of priority 0, FIFO (list; includes/index-writes.lua). Other priorities: `pending`. */
    get pendingFifo() {
        return `${this.pending}:fifo`;
    }
    /** Dead entries of `pendingFifo` per job (hash: id -> count; its job was cancelled while it waited there). */
    get pendingFifoDead() {
        return `${this.pendingFifo}:dead`;
    }
    /** How many entries of `pendingFifo` are dead in all (string counter). */
    get pendingFifoGone() {
        return `${this.pendingFifo}:gone`;
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
    /**
     * A moving mean of events per stream entry that versions before events-trim.lua kept in every
     * transition script; only partition-drop.lua still names it, to delete what they left.
     */
    get eventsAvg() {
        return `${this.events}:avg`;
    }
    get wake() {
        return `${this.base}wake`;
    }
    get seq() {
        return `${this.base}seq`;
    }
    /**
     * How many times work became claimable here (string counter, bumped by includes/groups.lua's
     * wakeWorkers): orders what a partitioned queue's board and its workers know of this partition.
     */
    get wakeSeq() {
        return `${this.wake}:seq`;
    }
    /**
     * A partitioned queue's board (hash, in partition 0): per partition index, its work as the last
     * writer there saw it (board-report.lua, board-read.lua).
     */
    get board() {
        return `${this.base}board`;
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
    /** Executions acknowledged final (zset, score ack time), trimmed after their retention. */
    get executionsDone() {
        return `${this.executionPrefix}done`;
    }
    /**
     * Every execution of the queue still in the store (zset, score creation time): the listing's
     * index, newest first. create-execution.lua adds, trim-executions.lua removes.
     */
    get executionsAll() {
        return `${this.executionPrefix}all`;
    }
    /** Executions' idempotency keys (hash: key -> execution id), freed by trim-executions.lua. */
    get executionsIdem() {
        return `${this.executionPrefix}idem`;
    }
    /** Dirty executions (set). */
    get refresh() {
        return `${this.base}refresh`;
    }
    /** Refreshes in flight (zset: member '<id> <refresherId>', score claim time). */
    get refreshing() {
        return `${this.base}refreshing`;
    }
    /**
     * A partitioned queue's layout (hash: n -> partition count, since -> when it last changed,
     * hist -> earlier counts, p<i> -> the suffix of partition i), kept in the slot of partition 0.
     */
    get partitions() {
        return `${this.base}partitions`;
    }
    /**
     * A staged bulk's job ids in this partition (set `stage:<stageId>`): written, keyed, not yet
     * indexed (stage.lua), until stage-commit.lua or stage-rollback.lua.
     */
    get stagePrefix() {
        return `${this.base}stage:`;
    }
    /** This partition's stages (zset: stage id -> the deadline after which upkeep settles it). */
    get stages() {
        return `${this.base}stages`;
    }
    /**
     * Bulks decided committed (zset: stage id -> until when the record is kept), in partition 0's
     * slot: upkeep commits a stage found here and rolls back one that is not.
     */
    get commits() {
        return `${this.base}commits`;
    }
    /**
     * Schedules (in SCHEDULES_KEY_SPACE only): a hash per schedule (this prefix + name; its runs are
     * that key + ':runs', a list), the due index (zset: name -> nextAt, or a claim's lease end), the
     * names (zset, all scores 0, for paging by name) and the claim token counter.
     */
    get schedulePrefix() {
        return `${this.base}sched:`;
    }
    schedule(name) {
        return `${this.schedulePrefix}${name}`;
    }
    get schedules() {
        return `${this.base}schedules:due`;
    }
    get scheduleNames() {
        return `${this.base}schedules:names`;
    }
    get scheduleSeq() {
        return `${this.base}schedules:seq`;
    }
    /**
     * Worker processes (in WORKERS_KEY_SPACE only): each one's info (hash: worker id -> JSON), its
     * last heartbeat (zset: worker id -> epoch ms) and the workers declared dead (list of JSON,
     * newest first, capped).
     */
    get workerInfo() {
        return `${this.base}info`;
    }
    get workerBeats() {
        return `${this.base}beats`;
    }
    get deadWorkers() {
        return `${this.base}dead`;
    }
    /**
     * The audit trail (in AUDIT_KEY_SPACE only): the entries (zset: member '<id> <at> <entry JSON>',
     * score the id; audit-append.lua) and the id counter.
     */
    get auditLog() {
        return `${this.base}log`;
    }
    get auditSeq() {
        return `${this.base}seq`;
    }
    /** Fairness settings of the queue (hash; includes/groups.lua lists its fields). */
    get settings() {
        return `${this.base}settings`;
    }
    /** A group's hash is this prefix + its name (the default group's: the prefix itself). */
    get groupPrefix() {
        return `${this.base}grp:`;
    }
    group(name) {
        return `${this.groupPrefix}${name}`;
    }
    /** A named group's pending jobs of priority 0 (list), as `pendingFifo` is the default group's. */
    get groupListPrefix() {
        return `${this.base}grpl:`;
    }
    /** A named group's pending jobs of other priorities (zset), as `pending` is the default group's. */
    get groupZsetPrefix() {
        return `${this.base}grpz:`;
    }
    /** The round: groups with claimable jobs (zset: group -> tier and turn). */
    get groupsReady() {
        return `${this.base}groups:ready`;
    }
    /** Groups out of tokens (zset: group -> when the next is due). */
    get groupsThrottled() {
        return `${this.base}groups:throttled`;
    }
    /** Groups held at their cap (set). */
    get groupsFull() {
        return `${this.base}groups:full`;
    }
    /** Every group with jobs or settings (zset, scores 0: paging by name). */
    get groups() {
        return `${this.base}groups`;
    }
    /**
     * A minute of the queue's dashboard stats (hash: s:<step> f:<step> outcomes per 10 s step of the
     * minute, p:<bucket> r:<bucket> pickup and run histograms), `minute` = epoch ms / 60000; it
     * expires 20 minutes after its last write (redis-queue-stats.ts).
     */
    statsMinute(minute) {
        return `${this.base}stats:${minute}`;
    }
    /** The KEYS of `script` (SCRIPT_KEYS), built once per queue and script. */
    forScript(script) {
        let keys = this.scriptKeyCache.get(script);
        if (!keys) {
            keys = (0, script_keys_1.scriptKeys)(script, this);
            this.scriptKeyCache.set(script, keys);
        }
        return keys;
    }
}
exports.RedisQueueKeys = RedisQueueKeys;
/**
 * The key space of schedules: keys like a queue's, under a hash tag no queue can have ('@' is not
 * allowed in queue names), so all schedules share one slot and each schedule script touches one.
 */
exports.SCHEDULES_KEY_SPACE = '@schedules';
/**
 * The key space of the worker directory (worker-directory.ts): one slot for every worker
 * process's info, as SCHEDULES_KEY_SPACE is for schedules.
 */
exports.WORKERS_KEY_SPACE = '@workers';
/** The key space of the audit trail, like SCHEDULES_KEY_SPACE: a hash tag no queue can have. */
exports.AUDIT_KEY_SPACE = '@audit';
/** The one key outside any queue: the set of queue names (read by queues()). */
function queueSetKey(prefix) {
    return `${prefix}:queues`;
}
//# sourceMappingURL=redis-queue-keys.js.map