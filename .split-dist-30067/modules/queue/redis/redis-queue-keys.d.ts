import { ScriptName } from './script-keys';
/**
 * The Redis key schema, private to the Redis store. Every key of a queue carries the hash tag
 * `{<queue>}`, so each script touches one slot and runs unchanged on Redis Cluster.
 */
export declare class RedisQueueKeys {
    readonly prefix: string;
    readonly queue: string;
    private readonly base;
    private readonly scriptKeyCache;
    constructor(prefix: string, queue: string);
    get jobPrefix(): string;
    job(id: string): string;
    get pending(): string;
    /** Pending jobs of priority 0, FIFO (list; includes/index-writes.lua). Other priorities: `pending`. */
    get pendingFifo(): string;
    /** Dead entries of `pendingFifo` per job (hash: id -> count; its job was cancelled while it waited there). */
    get pendingFifoDead(): string;
    /** How many entries of `pendingFifo` are dead in all (string counter). */
    get pendingFifoGone(): string;
    get scheduled(): string;
    get leases(): string;
    get succeeded(): string;
    get failed(): string;
    get cancelled(): string;
    get events(): string;
    /**
     * A moving mean of events per stream entry that versions before events-trim.lua kept in every
     * transition script; only partition-drop.lua still names it, to delete what they left.
     */
    get eventsAvg(): string;
    get wake(): string;
    get seq(): string;
    /**
     * How many times work became claimable here (string counter, bumped by includes/groups.lua's
     * wakeWorkers): orders what a partitioned queue's board and its workers know of this partition.
     */
    get wakeSeq(): string;
    /**
     * A partitioned queue's board (hash, in partition 0): per partition index, its work as the last
     * writer there saw it (board-report.lua, board-read.lua).
     */
    get board(): string;
    get idem(): string;
    get workerLeasePrefix(): string;
    workerLeases(workerId: string): string;
    get workers(): string;
    get executionPrefix(): string;
    /** An execution's counters hash; its job list is this key + ':jobs'. */
    execution(id: string): string;
    executionJobs(id: string): string;
    /** Executions acknowledged final (zset, score ack time), trimmed after their retention. */
    get executionsDone(): string;
    /**
     * Every execution of the queue still in the store (zset, score creation time): the listing's
     * index, newest first. create-execution.lua adds, trim-executions.lua removes.
     */
    get executionsAll(): string;
    /** Executions' idempotency keys (hash: key -> execution id), freed by trim-executions.lua. */
    get executionsIdem(): string;
    /** Dirty executions (set). */
    get refresh(): string;
    /** Refreshes in flight (zset: member '<id> <refresherId>', score claim time). */
    get refreshing(): string;
    /**
     * A partitioned queue's layout (hash: n -> partition count, since -> when it last changed,
     * hist -> earlier counts, p<i> -> the suffix of partition i), kept in the slot of partition 0.
     */
    get partitions(): string;
    /**
     * A staged bulk's job ids in this partition (set `stage:<stageId>`): written, keyed, not yet
     * indexed (stage.lua), until stage-commit.lua or stage-rollback.lua.
     */
    get stagePrefix(): string;
    /** This partition's stages (zset: stage id -> the deadline after which upkeep settles it). */
    get stages(): string;
    /**
     * Bulks decided committed (zset: stage id -> until when the record is kept), in partition 0's
     * slot: upkeep commits a stage found here and rolls back one that is not.
     */
    get commits(): string;
    /**
     * Schedules (in SCHEDULES_KEY_SPACE only): a hash per schedule (this prefix + name; its runs are
     * that key + ':runs', a list), the due index (zset: name -> nextAt, or a claim's lease end), the
     * names (zset, all scores 0, for paging by name) and the claim token counter.
     */
    get schedulePrefix(): string;
    schedule(name: string): string;
    get schedules(): string;
    get scheduleNames(): string;
    get scheduleSeq(): string;
    /**
     * Worker processes (in WORKERS_KEY_SPACE only): each one's info (hash: worker id -> JSON), its
     * last heartbeat (zset: worker id -> epoch ms) and the workers declared dead (list of JSON,
     * newest first, capped).
     */
    get workerInfo(): string;
    get workerBeats(): string;
    get deadWorkers(): string;
    /**
     * The audit trail (in AUDIT_KEY_SPACE only): the entries (zset: member '<id> <at> <entry JSON>',
     * score the id; audit-append.lua) and the id counter.
     */
    get auditLog(): string;
    get auditSeq(): string;
    /** Fairness settings of the queue (hash; includes/groups.lua lists its fields). */
    get settings(): string;
    /** A group's hash is this prefix + its name (the default group's: the prefix itself). */
    get groupPrefix(): string;
    group(name: string): string;
    /** A named group's pending jobs of priority 0 (list), as `pendingFifo` is the default group's. */
    get groupListPrefix(): string;
    /** A named group's pending jobs of other priorities (zset), as `pending` is the default group's. */
    get groupZsetPrefix(): string;
    /** The round: groups with claimable jobs (zset: group -> tier and turn). */
    get groupsReady(): string;
    /** Groups out of tokens (zset: group -> when the next is due). */
    get groupsThrottled(): string;
    /** Groups held at their cap (set). */
    get groupsFull(): string;
    /** Every group with jobs or settings (zset, scores 0: paging by name). */
    get groups(): string;
    /**
     * A minute of the queue's dashboard stats (hash: s:<step> f:<step> outcomes per 10 s step of the
     * minute, p:<bucket> r:<bucket> pickup and run histograms), `minute` = epoch ms / 60000; it
     * expires 20 minutes after its last write (redis-queue-stats.ts).
     */
    statsMinute(minute: number): string;
    /** The KEYS of `script` (SCRIPT_KEYS), built once per queue and script. */
    forScript(script: ScriptName): string[];
}
/**
 * The key space of schedules: keys like a queue's, under a hash tag no queue can have ('@' is not
 * allowed in queue names), so all schedules share one slot and each schedule script touches one.
 */
export declare const SCHEDULES_KEY_SPACE = "@schedules";
/**
 * The key space of the worker directory (worker-directory.ts): one slot for every worker
 * process's info, as SCHEDULES_KEY_SPACE is for schedules.
 */
export declare const WORKERS_KEY_SPACE = "@workers";
/** The key space of the audit trail, like SCHEDULES_KEY_SPACE: a hash tag no queue can have. */
export declare const AUDIT_KEY_SPACE = "@audit";
/** The one key outside any queue: the set of queue names (read by queues()). */
export declare function queueSetKey(prefix: string): string;
