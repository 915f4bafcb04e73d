/**
 * Upkeep, which every instance runs on a timer: reap expired leases and the leases of silent
 * workers, promote due jobs, trim finished jobs and the event log. One port of the job engine
 * (job-engine.ts), injected by its own token. Each call is bounded by its `limit`.
 */
export abstract class UpkeepStore {
  /**
   * Expired leases: -> pending with the attempt spent, -> failed "lease expired" when none left,
   * or -> cancelled when a cancel was asked.
   */
  abstract reapExpired(queue: string, limit: number): Promise<ReapResult>;

  /**
   * Releases (attempt spent, as an expiry) every lease of the given workers, as
   * WorkerDirectory.silent listed them with the same `silentMs`; a worker that registered again
   * since (its last heartbeat is no longer older than now - silentMs) is skipped, in the same
   * atomic step.
   */
  abstract reapWorkers(queue: string, workerIds: string[], limit: number, silentMs: number): Promise<ReapResult>;

  /** scheduled jobs whose runAt has come -> pending. Returns how many. */
  abstract promoteDue(queue: string, limit: number): Promise<number>;

  /** Deletes succeeded/failed/cancelled jobs older than their retention. Returns how many. */
  abstract trimFinished(queue: string, retention: RetentionPolicy, limit: number): Promise<number>;

  /**
   * Bounds the queue's event log without losing history silently: events the history writer has
   * not taken are kept, until the log holds more than HISTORY_BACKLOG_MAX_MB; then the oldest of
   * them are dropped and recorded as a gap, which the writer stores like any event (history_gaps)
   * and which this call reports. Redis also trims acknowledged events to about EVENTS_MAXLEN
   * (all events, when no history writer reads the stream). `limit`: about how many events one
   * call may look at while over budget.
   */
  abstract trimEvents(queue: string, limit: number): Promise<EventsTrimResult>;

  /**
   * Whether the reapers may leave the queue alone for a while: true when it holds no lease, and
   * then, in the same atomic step, the queue is marked so that its next claim signals `reap`
   * (Outbox.onSignal) and the reapers come back before any lease can run out. false while leases
   * are held, and where quiet is not kept (a partitioned queue: its stages and partitions need the
   * reaper's passes).
   */
  abstract quiet(queue: string): Promise<QuietAnswer>;
}

export interface ReapResult {
  requeued: string[];
  failed: string[];
  /** Jobs whose cancel was asked and whose lease then ran out (or whose worker went silent). */
  cancelled: string[];
  /**
   * Present when the reap met broken state and moved it aside instead of stopping: lease entries
   * whose job is gone, not running or not a record; worker entries whose lease set is unreadable.
   */
  malformed?: string[];
}

/** UpkeepStore.quiet's answer: whether the queue went quiet, and then when its earliest scheduled job is due (null: none). */
export type QuietAnswer = { quiet: false } | { quiet: true; nextDueAt: number | null };

export interface RetentionPolicy {
  succeededMs: number;
  failedMs: number;
  cancelledMs: number;
}

/** What one trimEvents call did. */
export interface EventsTrimResult {
  /** Events looked at while over budget: the call's work, against its `limit`. */
  scanned: number;
  /** It stopped at `limit` while the log was still over budget: call again. */
  more: boolean;
  /** Events dropped unread by this call, per log (none while within budget). */
  dropped: DroppedEvents[];
}

/** Events an engine dropped before the history writer took them: a gap in history. */
export interface DroppedEvents {
  queue: string;
  /** How many this call dropped. */
  events: number;
  /**
   * The gap record that holds them, as the writer will store it: the time range of its events
   * (epoch ms) and their count, which includes an earlier gap it merged (one the writer had not
   * taken yet, dropped with the events around it).
   */
  gap: { fromMs: number; toMs: number; events: number };
}
