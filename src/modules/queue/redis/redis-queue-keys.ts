import { ScriptName, scriptKeys } from './script-keys';

/**
 * The Redis key schema, private to the Redis store. Every key of a queue carries the hash tag
 * `{<queue>}`, so each script touches one slot and runs unchanged on Redis Cluster.
 */
export class RedisQueueKeys {
  private readonly base: string;
  private readonly scriptKeyCache = new Map<ScriptName, string[]>();

  constructor(
    readonly prefix: string,
    readonly queue: string,
  ) {
    this.base = `${prefix}:{${queue}}:`;
  }

  get jobPrefix(): string {
    return `${this.base}job:`;
  }
  job(id: string): string {
    return `${this.jobPrefix}${id}`;
  }
  get pending(): string {
    return `${this.base}pending`;
  }
  /** Pending jobs of priority 0, FIFO (list; includes/index-writes.lua). Other priorities: `pending`. */
  get pendingFifo(): string {
    return `${this.pending}:fifo`;
  }
  /** Dead entries of `pendingFifo` per job (hash: id -> count; its job was cancelled while it waited there). */
  get pendingFifoDead(): string {
    return `${this.pendingFifo}:dead`;
  }
  /** How many entries of `pendingFifo` are dead in all (string counter). */
  get pendingFifoGone(): string {
    return `${this.pendingFifo}:gone`;
  }
  get scheduled(): string {
    return `${this.base}scheduled`;
  }
  get leases(): string {
    return `${this.base}leases`;
  }
  get succeeded(): string {
    return `${this.base}succeeded`;
  }
  get failed(): string {
    return `${this.base}failed`;
  }
  get cancelled(): string {
    return `${this.base}cancelled`;
  }
  /** Graph jobs waiting on their parents (zset: id -> createdAt; includes/graph.lua). */
  get blocked(): string {
    return `${this.base}blocked`;
  }
  /** Graph jobs a parent's end skipped (zset: id -> finish time, as the other final indexes). */
  get skipped(): string {
    return `${this.base}skipped`;
  }
  get events(): string {
    return `${this.base}events`;
  }
  /**
   * A moving mean of events per stream entry that versions before events-trim.lua kept in every
   * transition script; only partition-drop.lua still names it, to delete what they left.
   */
  get eventsAvg(): string {
    return `${this.events}:avg`;
  }
  get wake(): string {
    return `${this.base}wake`;
  }
  get seq(): string {
    return `${this.base}seq`;
  }
  /**
   * How many times work became claimable here (string counter, bumped by includes/groups.lua's
   * wakeWorkers): orders what a partitioned queue's board and its workers know of this partition.
   */
  get wakeSeq(): string {
    return `${this.wake}:seq`;
  }
  /**
   * A partitioned queue's board (hash, in partition 0): per partition index, its work as the last
   * writer there saw it (board-report.lua, board-read.lua).
   */
  get board(): string {
    return `${this.base}board`;
  }
  get idem(): string {
    return `${this.base}idem`;
  }
  get workerLeasePrefix(): string {
    return `${this.base}wlease:`;
  }
  workerLeases(workerId: string): string {
    return `${this.workerLeasePrefix}${workerId}`;
  }
  get workers(): string {
    return `${this.base}workers`;
  }
  get executionPrefix(): string {
    return `${this.base}exec:`;
  }
  /** An execution's counters hash; its job list is this key + ':jobs'. */
  execution(id: string): string {
    return `${this.executionPrefix}${id}`;
  }
  executionJobs(id: string): string {
    return `${this.execution(id)}:jobs`;
  }
  /** Executions acknowledged final (zset, score ack time), trimmed after their retention. */
  get executionsDone(): string {
    return `${this.executionPrefix}done`;
  }
  /**
   * Every execution of the queue still in the store (zset, score creation time): the listing's
   * index, newest first. create-execution.lua adds, trim-executions.lua removes.
   */
  get executionsAll(): string {
    return `${this.executionPrefix}all`;
  }
  /** Executions' idempotency keys (hash: key -> execution id), freed by trim-executions.lua. */
  get executionsIdem(): string {
    return `${this.executionPrefix}idem`;
  }
  /** Dirty executions (set). */
  get refresh(): string {
    return `${this.base}refresh`;
  }
  /** Refreshes in flight (zset: member '<id> <refresherId>', score claim time). */
  get refreshing(): string {
    return `${this.base}refreshing`;
  }

  /**
   * A partitioned queue's layout (hash: n -> partition count, since -> when it last changed,
   * hist -> earlier counts, p<i> -> the suffix of partition i), kept in the slot of partition 0.
   */
  get partitions(): string {
    return `${this.base}partitions`;
  }

  /**
   * A staged bulk's job ids in this partition (set `stage:<stageId>`): written, keyed, not yet
   * indexed (stage.lua), until stage-commit.lua or stage-rollback.lua.
   */
  get stagePrefix(): string {
    return `${this.base}stage:`;
  }
  /** This partition's stages (zset: stage id -> the deadline after which upkeep settles it). */
  get stages(): string {
    return `${this.base}stages`;
  }
  /**
   * Bulks decided committed (zset: stage id -> until when the record is kept), in partition 0's
   * slot: upkeep commits a stage found here and rolls back one that is not.
   */
  get commits(): string {
    return `${this.base}commits`;
  }

  /**
   * Schedules (in SCHEDULES_KEY_SPACE only): a hash per schedule (this prefix + name; its runs are
   * that key + ':runs', a list), the due index (zset: name -> nextAt, or a claim's lease end), the
   * names (zset, all scores 0, for paging by name) and the claim token counter.
   */
  get schedulePrefix(): string {
    return `${this.base}sched:`;
  }
  schedule(name: string): string {
    return `${this.schedulePrefix}${name}`;
  }
  get schedules(): string {
    return `${this.base}schedules:due`;
  }
  get scheduleNames(): string {
    return `${this.base}schedules:names`;
  }
  get scheduleSeq(): string {
    return `${this.base}schedules:seq`;
  }

  /**
   * Worker processes (in WORKERS_KEY_SPACE only): each one's info (hash: worker id -> JSON), its
   * last heartbeat (zset: worker id -> epoch ms) and the workers declared dead (list of JSON,
   * newest first, capped).
   */
  get workerInfo(): string {
    return `${this.base}info`;
  }
  get workerBeats(): string {
    return `${this.base}beats`;
  }
  get deadWorkers(): string {
    return `${this.base}dead`;
  }

  /**
   * The audit trail (in AUDIT_KEY_SPACE only): the entries (zset: member '<id> <at> <entry JSON>',
   * score the id; audit-append.lua) and the id counter.
   */
  get auditLog(): string {
    return `${this.base}log`;
  }
  get auditSeq(): string {
    return `${this.base}seq`;
  }

  /** Fairness settings of the queue (hash; includes/groups.lua lists its fields). */
  get settings(): string {
    return `${this.base}settings`;
  }
  /** A group's hash is this prefix + its name (the default group's: the prefix itself). */
  get groupPrefix(): string {
    return `${this.base}grp:`;
  }
  group(name: string): string {
    return `${this.groupPrefix}${name}`;
  }
  /** A named group's pending jobs of priority 0 (list), as `pendingFifo` is the default group's. */
  get groupListPrefix(): string {
    return `${this.base}grpl:`;
  }
  /** A named group's pending jobs of other priorities (zset), as `pending` is the default group's. */
  get groupZsetPrefix(): string {
    return `${this.base}grpz:`;
  }
  /** The round: groups with claimable jobs (zset: group -> tier and turn). */
  get groupsReady(): string {
    return `${this.base}groups:ready`;
  }
  /** Groups out of tokens (zset: group -> when the next is due). */
  get groupsThrottled(): string {
    return `${this.base}groups:throttled`;
  }
  /** Groups held at their cap (set). */
  get groupsFull(): string {
    return `${this.base}groups:full`;
  }
  /** Every group with jobs or settings (zset, scores 0: paging by name). */
  get groups(): string {
    return `${this.base}groups`;
  }

  /**
   * A minute of the queue's dashboard stats (hash: s:<step> f:<step> outcomes per 10 s step of the
   * minute, p:<bucket> r:<bucket> pickup and run histograms), `minute` = epoch ms / 60000; it
   * expires 20 minutes after its last write (redis-queue-stats.ts).
   */
  statsMinute(minute: number): string {
    return `${this.base}stats:${minute}`;
  }

  /** The KEYS of `script` (SCRIPT_KEYS), built once per queue and script. */
  forScript(script: ScriptName): string[] {
    let keys = this.scriptKeyCache.get(script);
    if (!keys) {
      keys = scriptKeys(script, this);
      this.scriptKeyCache.set(script, keys);
    }
    return keys;
  }
}

/**
 * The key space of schedules: keys like a queue's, under a hash tag no queue can have ('@' is not
 * allowed in queue names), so all schedules share one slot and each schedule script touches one.
 */
export const SCHEDULES_KEY_SPACE = '@schedules';

/**
 * The key space of the worker directory (worker-directory.ts): one slot for every worker
 * process's info, as SCHEDULES_KEY_SPACE is for schedules.
 */
export const WORKERS_KEY_SPACE = '@workers';
/** The key space of the audit trail, like SCHEDULES_KEY_SPACE: a hash tag no queue can have. */
export const AUDIT_KEY_SPACE = '@audit';

/** The one key outside any queue: the set of queue names (read by queues()). */
export function queueSetKey(prefix: string): string {
  return `${prefix}:queues`;
}
