import { ClaimedJob, EnqueueResult, HeartbeatOutcome, Job, JobStatus, Lease, NewJob, QueueCounts } from '../../domain/job';
import { ExecutionRecord, NewExecution } from '../../domain/execution';
import { JobEventSources } from './events/job-event-sources';
import { StoreHealth } from './store-health';
import { ScheduleStore } from './schedule-store';
import { GroupStore } from './group-store';
import { WorkerDirectory } from './worker-directory';
import { AuditStore } from './audit-store';
import { QueueStatsStore } from './queue-stats-store';
import { OldestPending } from '../../domain/queue-stats';
/**
 * The JobStore contract: queue semantics only. It is both the interface and the Nest injection
 * token (`{ provide: JobStore, useFactory }`). MemoryJobStore and RedisJobStore implement it and
 * both pass test/contract/job-store.contract.ts, which is the executable form of this comment.
 *
 * Invariants every implementation keeps:
 * - A job is in exactly one state index: pending, scheduled, running (leases), succeeded, failed
 *   or cancelled; its `status` field names that index.
 * - Every claim bumps the job's fencing token. complete/fail/release/heartbeat present the token;
 *   a token that is not the job's current one, or a job that is no longer running, is `stale` and
 *   changes nothing. So a job may run twice after a crash but is recorded once.
 * - A claim spends an attempt (`attempts` += 1). release gives it back. An expired lease keeps it
 *   spent, so a job that kills its worker cannot loop forever.
 * - Pending jobs are claimed by priority (higher first), then FIFO by enqueue/promote order within
 *   a group; the groups of a queue with ready jobs are served round-robin within a priority, and
 *   caps, rate limits and pauses hold groups (or the queue) back (src/domain/fairness.ts).
 * - All time comes from the store's injected clock; nothing reads the wall clock directly.
 * - Operations that take lists are atomic per call in Redis (one script) and bounded by the
 *   caller's batch size.
 */
export declare abstract class JobStore {
    /**
     * Adds jobs, all or nothing. A job whose idempotency key already exists in its queue is not
     * added: the existing job is returned with `created: false`; so is a job whose id exists (the
     * same call sent again, e.g. after a reconnect), which is never stored or counted twice.
     * runAt in the future -> scheduled; runAt at or before the store's clock -> pending, with
     * runAt = createdAt (the store's enqueue time). All jobs of one call must share a queue
     * (callers group by queue).
     */
    abstract enqueue(jobs: NewJob[]): Promise<EnqueueResult[]>;
    abstract get(id: string): Promise<Job | null>;
    /** Pages through jobs of one queue, newest state index order; `cursor` is opaque. */
    abstract list(query: ListQuery): Promise<ListPage>;
    /**
     * Claims up to `max` pending jobs for `workerId`, after promoting scheduled jobs that are due.
     * Each claimed job becomes running with a new token and a lease until now + leaseMs.
     * Malformed job records met on the way are moved to failed (or dropped when nothing is left
     * of them) and do not count against `max`.
     */
    abstract claim(queue: string, workerId: string, max: number, leaseMs: number): Promise<ClaimResult>;
    /** Renews many leases in one call. Per lease: ok, stale (lost), or cancel (cancel was asked). */
    abstract heartbeat(queue: string, leases: Lease[], leaseMs: number): Promise<HeartbeatOutcome[]>;
    /**
     * The leases the store records for `workerId` (running, held by that worker) whose job is not
     * in `heldIds`: what a claim whose reply was lost left behind. Read-only; the worker releases
     * them (release gives the attempt back). One call per heartbeat, even when the worker is idle.
     */
    abstract strayLeases(queue: string, workerId: string, heldIds: string[]): Promise<Lease[]>;
    /**
     * running -> succeeded. Per item: the new status, or 'stale'. The same completion applied twice
     * (same token, still current: its reply was lost) answers 'succeeded' again and changes nothing.
     */
    abstract complete(queue: string, items: CompleteRequest[]): Promise<SettleOutcome[]>;
    /**
     * running -> scheduled (retryable, attempts left; after the job's backoff or retryDelayMs),
     * -> failed (not retryable, or attempts exhausted), or -> cancelled when a cancel was asked.
     * The same failure applied twice (same token, still current, same error) answers the job's
     * status again and changes nothing.
     */
    abstract fail(queue: string, items: FailRequest[]): Promise<SettleOutcome[]>;
    /** running -> pending, the attempt given back (shutdown, or a type this worker cannot run). */
    abstract release(queue: string, leases: Lease[]): Promise<SettleOutcome[]>;
    /** pending|scheduled -> cancelled; running -> cancel requested (aborted at its next heartbeat). */
    abstract cancel(id: string): Promise<Job>;
    /** failed|cancelled -> pending with attempts reset. */
    abstract retry(id: string): Promise<Job>;
    /**
     * scheduled -> pending now (runAt = now), as promoteDue moves a due job: its priority and group
     * kept, behind the jobs already pending, the same `promoted` event. Anything else is refused
     * (InvalidTransitionError); an unknown id is JobNotFoundError.
     */
    abstract promote(id: string): Promise<Job>;
    /** The live job that idempotency key `key` names in `queue`, or null. */
    abstract findByIdempotencyKey(queue: string, key: string): Promise<Job | null>;
    /**
     * Expired leases: -> pending with the attempt spent, -> failed "lease expired" when none left,
     * or -> cancelled when a cancel was asked.
     */
    abstract reapExpired(queue: string, limit: number): Promise<ReapResult>;
    /**
     * Releases (attempt spent, as an expiry) every lease of the given workers, as silentWorkers
     * listed them with the same `silentMs`; a worker that registered again since (its last
     * heartbeat is no longer older than now - silentMs) is skipped, in the same atomic step.
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
    abstract counts(queue: string): Promise<QueueCounts>;
    /**
     * The pending job that has waited longest, and since when (max(runAt, createdAt)), found
     * through the pending indexes' heads only: the first job of each group and priority. Each head
     * is the earliest to have entered its index; a job put back in pending (a release, an expired
     * lease) keeps its earlier runAt but waits behind the others. A store that looks at a bounded
     * number of heads says `approximate` when it left some unread. Read-only.
     */
    abstract oldestPending(queue: string): Promise<OldestPending>;
    /** Every queue that has ever held a job, plus the configured ones. */
    abstract queues(): Promise<string[]>;
    /** Registers or refreshes a live worker process. */
    abstract registerWorker(queue: string, workerId: string): Promise<void>;
    /** Removes a worker from the registry (clean shutdown). */
    abstract unregisterWorker(queue: string, workerId: string): Promise<void>;
    /** Worker ids whose last registry heartbeat is older than now - silentMs. */
    abstract silentWorkers(queue: string, silentMs: number, limit: number): Promise<string[]>;
    /**
     * Resolves when work may have arrived in `queue` (an enqueue, a promotion) or after timeoutMs.
     * Spurious wake-ups are allowed; callers claim and wait again. `signal` ends the wait early.
     */
    abstract waitForWork(queue: string, timeoutMs: number, signal?: AbortSignal): Promise<void>;
    /**
     * Creates the execution and enqueues its jobs, all or nothing. Every job must be of the
     * execution's queue and carry `executionId = execution.id`. A job whose idempotency key matches
     * an existing job is not added and does not count in the execution's total. When
     * `execution.idempotencyKey` names an execution of the queue still in the store, nothing is
     * added and that execution is returned: its id is not `execution.id`.
     */
    abstract createExecution(execution: NewExecution, jobs: NewJob[]): Promise<ExecutionRecord>;
    abstract getExecution(id: string): Promise<ExecutionRecord | null>;
    /**
     * The queue's executions still in the store, newest first (creation time, then id, both
     * descending). `cursor` (opaque) names the position after the last one of the page before, so
     * executions created or trimmed meanwhile make a page neither skip nor repeat one.
     */
    abstract listExecutions(queue: string, limit: number, cursor?: string): Promise<ExecutionPage>;
    /** The execution's jobs in the order they were given; `cursor` is opaque. Throws ExecutionNotFoundError. */
    abstract listExecutionJobs(id: string, limit: number, cursor?: string): Promise<ListPage>;
    /**
     * Cancels every job of the execution that has not finished (pending|scheduled -> cancelled,
     * running -> cancel requested). Returns the counters after. Throws ExecutionNotFoundError.
     */
    abstract cancelExecution(id: string): Promise<ExecutionRecord>;
    /**
     * Takes up to `max` dirty executions of the queue out of its refresh set and marks them in
     * flight for `refresherId` at now, in one atomic step; returns their counters. An execution
     * dirtied again meanwhile is back in the refresh set, and is claimed again later.
     */
    abstract claimRefresh(queue: string, refresherId: string, max: number): Promise<ExecutionRecord[]>;
    /**
     * Ends the in-flight refreshes of `refresherId` for these executions; `callbacksEnqueued` names
     * those whose callback job was enqueued (flagged on the execution, so it is never sent again).
     */
    abstract ackRefresh(queue: string, refresherId: string, ids: string[], callbacksEnqueued: string[]): Promise<void>;
    /** In-flight refreshes claimed more than `staleMs` ago (their refresher died) -> dirty again. */
    abstract requeueStaleRefresh(queue: string, staleMs: number, limit: number): Promise<number>;
    /**
     * Deletes executions acknowledged final (callback enqueued, if any) more than `retentionMs`
     * ago, at most `limit`; one dirty again, in flight or running again is kept. Their jobs may
     * outlive them: a later change of such a job (a retry) leaves no counters behind. Returns how many.
     */
    abstract trimExecutions(queue: string, retentionMs: number, limit: number): Promise<number>;
    /** Dirty executions waiting (backlog) and refreshes in flight, for observability. */
    abstract refreshBacklog(queue: string): Promise<RefreshBacklog>;
    /** Where the history writer reads this store's events: one lane per queue (Redis), or one (memory). */
    abstract eventSources(options: EventSourceOptions): JobEventSources;
    /**
     * The queue's job events the history writer has not stored yet (read, for the metrics, at scrape
     * time): a few index reads per queue (Redis: the stream's consumer group), never a walk.
     */
    abstract eventBacklog(queue: string): Promise<EventBacklog>;
    /** Recurring schedules, kept where the jobs are (schedule-store.ts). */
    abstract readonly schedules: ScheduleStore;
    /** Queue and group settings for fairness: pauses, caps, rates (group-store.ts). */
    abstract readonly groups: GroupStore;
    /** Worker processes as the dashboard shows them: their info and the dead ones (worker-directory.ts). */
    abstract readonly workers: WorkerDirectory;
    /** The audit trail, when job history does not hold it (audit-store.ts). */
    abstract readonly audit: AuditStore;
    /** Recent outcomes and latencies per queue, for the dashboard (queue-stats-store.ts). */
    abstract readonly stats: QueueStatsStore;
    /** Whether the store can serve now, for readiness and the start check. */
    abstract readonly health: StoreHealth;
    /** Releases connections and timers. */
    abstract close(): Promise<void>;
}
/**
 * The store's roles. JobStore is one object (and the one injection token), but each part of claimq
 * depends on the role it uses, so what a part may do to the store is in its constructor's type.
 */
/** Jobs as the API sees them: submit, read, cancel, retry, count. */
export type JobOperations = Pick<JobStore, 'enqueue' | 'get' | 'list' | 'findByIdempotencyKey' | 'cancel' | 'retry' | 'promote' | 'counts' | 'queues' | 'oldestPending'>;
/** A worker's side: claim, keep, settle and give back leases; its registration and info; waiting for work. */
export type WorkerOperations = Pick<JobStore, 'claim' | 'heartbeat' | 'strayLeases' | 'complete' | 'fail' | 'release' | 'registerWorker' | 'unregisterWorker' | 'waitForWork' | 'workers'>;
/** Upkeep, on every instance: reap (recording dead workers), promote, trim, and return stale execution refreshes. */
export type UpkeepOperations = Pick<JobStore, 'queues' | 'reapExpired' | 'reapWorkers' | 'silentWorkers' | 'promoteDue' | 'trimFinished' | 'trimEvents' | 'requeueStaleRefresh' | 'trimExecutions' | 'workers'>;
/** Executions: create, read, cancel, and the refresh of their status. */
export type ExecutionOperations = Pick<JobStore, 'createExecution' | 'getExecution' | 'listExecutions' | 'listExecutionJobs' | 'cancelExecution' | 'claimRefresh' | 'ackRefresh' | 'refreshBacklog'>;
/** The event stream the history writer reads. */
export type EventOperations = Pick<JobStore, 'queues' | 'eventSources' | 'eventBacklog'>;
export interface EventSourceOptions {
    /** The reader's name where the source tracks readers (a Redis consumer group's consumer). */
    consumer: string;
    /** An entry that cannot be decoded, dropped with the reason (logged by the caller). */
    onDropped?: (entry: string, reason: string) => void;
}
export interface EventBacklog {
    /**
     * Entries recorded and not yet stored by the history writer (not yet read, or read and not
     * acknowledged): Redis stream entries (one per script call, up to 2,000 events each); the memory
     * store's events.
     */
    entries: number;
    /** When the oldest of them was recorded (epoch ms), or null when there are none. */
    oldestAt: number | null;
}
export interface RefreshBacklog {
    backlog: number;
    inFlight: number;
}
export interface ListQuery {
    queue: string;
    status?: JobStatus;
    type?: string;
    limit: number;
    cursor?: string;
}
export interface ListPage {
    items: Job[];
    nextCursor: string | null;
}
export interface ExecutionPage {
    items: ExecutionRecord[];
    nextCursor: string | null;
}
export interface ClaimResult {
    jobs: ClaimedJob[];
    /**
     * Epoch ms of the earliest scheduled job, or of the next token of a rate limit that held jobs
     * back, when the claim took fewer jobs than it asked for: lets a worker sleep just enough.
     */
    nextDueAt?: number;
    /** Jobs are still pending after a claim that took `max` (a store that can tell cheaply says so). */
    more?: boolean;
    /** Scheduled jobs this claim promoted to pending. */
    promoted?: number;
}
export interface CompleteRequest extends Lease {
    /** The handler's result, as JSON text (undefined -> null). */
    resultJson?: string;
}
export interface FailRequest extends Lease {
    error: string;
    retryable: boolean;
    /** Overrides the job's backoff for this retry (e.g. an HTTP 429's Retry-After; 0 = at once). */
    retryDelayMs?: number;
    /** The thrown error's stack, kept beside `error` as the job's `lastErrorStack`. */
    stack?: string;
}
export type SettleOutcome = JobStatus | 'stale';
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
/** What one trimEvents call did. */
export interface EventsTrimResult {
    /** Events looked at while over budget: the call's work, against its `limit`. */
    scanned: number;
    /** It stopped at `limit` while the log was still over budget: call again. */
    more: boolean;
    /** Events dropped unread by this call, per log (none while within budget). */
    dropped: DroppedEvents[];
}
/** Events a store dropped before the history writer took them: a gap in history. */
export interface DroppedEvents {
    queue: string;
    /** How many this call dropped. */
    events: number;
    /**
     * The gap record that holds them, as the writer will store it: the time range of its events
     * (epoch ms) and their count, which includes an earlier gap it merged (one the writer had not
     * taken yet, dropped with the events around it).
     */
    gap: {
        fromMs: number;
        toMs: number;
        events: number;
    };
}
export interface RetentionPolicy {
    succeededMs: number;
    failedMs: number;
    cancelledMs: number;
}
