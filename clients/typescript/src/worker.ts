import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import type { JsonRequestBody, JsonSuccessBody, Operation } from './api-types';
import { ClaimqApiError } from './claimq-api-error';
import { ClaimqClient, type ClaimqClientOptions } from './client';

/** One job of a claim's reply: the job, the claim's fencing token, its lease. */
export type ClaimedJob = JsonSuccessBody<Operation<'/queues/{queue}/claims', 'post'>>['jobs'][number];
/** The job a handler runs, as GET /jobs/{id} shows it. */
export type WorkerJob = ClaimedJob['job'];
type Settlement = JsonRequestBody<Operation<'/settlements', 'post'>>['results'][number];
type Lease = { id: string; token: number };

export interface JobContext {
  /** Aborted when the job is cancelled, its lease is lost, its timeoutMs passes, or a shutdown's grace ends; `reason` is a JobAbortedError. */
  signal: AbortSignal;
  /** The claim's fencing token. */
  token: number;
  /** A job of an execution's graph (dependsOn): its parents' results by their keys; `{}` for any other job. */
  parents: Record<string, unknown>;
  /**
   * Reports the job's progress: a number or any JSON value of at most 4 KB (a RangeError
   * otherwise). Sent within 100 ms, coalesced to the latest (POST /jobs/{id}/report); the job shows
   * it and its event stream carries it. Ignored once the job's outcome is decided.
   */
  progress(value: unknown): void;
  /** Writes a log line to the job (GET /jobs/{id}/logs; its event stream), cut to 4,096 characters. */
  log(line: string): void;
}

/** Runs one job; what it resolves to is the job's result (JSON), what it throws fails the attempt. */
export type JobHandler = (job: WorkerJob, ctx: JobContext) => Promise<unknown>;

export interface WorkerLogger {
  debug?(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export interface WorkerSettings {
  /** The queue to claim from. */
  queue: string;
  handler: JobHandler;
  /** Jobs run at once (1 to 10,000). Default 10. */
  concurrency?: number;
  /** The most jobs one claim asks for (1 to 1,000). Default: concurrency, at most 1,000. */
  batchSize?: number;
  /** The job types this worker runs; without it, every type but `http`. */
  types?: string[];
  /** How long a claim waits for a job when none is ready (a long poll, 0 to 30,000). Default 20,000. */
  waitMs?: number;
  /** Unique per process ([A-Za-z0-9_.:-]{1,100}). Default `${hostname}-${pid}-${8 random hex}`. */
  workerId?: string;
  /** How long stop() waits for running jobs before it aborts and releases them. Default 30,000. */
  shutdownGraceMs?: number;
  /** Where warnings and errors go; console by default. */
  logger?: WorkerLogger;
  /**
   * Called once the service answered a job's settlement: the job's status it recorded
   * (`succeeded`, `scheduled`, `failed`, `cancelled`, `pending` for a release) or `stale` (nothing
   * recorded). For metrics; it must not throw.
   */
  onSettled?: (jobId: string, status: string) => void;
}

/** The settings, and either a client of this package or what createClaimqClient takes. */
export type WorkerOptions = WorkerSettings & ({ client: ClaimqClient } | (ClaimqClientOptions & { client?: undefined }));

/** Thrown by a handler: the job fails for good, whatever attempts it has left. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** Thrown by a handler: the attempt fails and, with attempts left, the job runs again after `delayMs`. */
export class RetryJobLaterError extends Error {
  override readonly name = 'RetryJobLaterError';
  constructor(
    readonly delayMs: number,
    message = `retry in ${delayMs} ms`,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type JobAbortReason = 'cancelled' | 'stale' | 'timeout' | 'shutdown';

/** The reason of an aborted job's signal. */
export class JobAbortedError extends Error {
  override readonly name = 'JobAbortedError';
  constructor(readonly reason: JobAbortReason) {
    super(ABORT_MESSAGES[reason]);
  }
}

const ABORT_MESSAGES: Record<JobAbortReason, string> = {
  cancelled: 'cancelled while running',
  stale: 'the lease is no longer this worker\'s; the result is dropped',
  timeout: 'timed out',
  shutdown: 'the worker is shutting down; the job is released',
};

const NAME = /^[A-Za-z0-9_.:-]{1,100}$/;
/** Settlements per POST /settlements, and the wait that lets a batch fill. */
const SETTLE_BATCH = 100;
const SETTLE_DELAY_MS = 20;
/** A long poll shorter than this is not worth sending: the heartbeat due first goes first. */
const MIN_POLL_MS = 20;
/** A guard against a heartbeatMs no service sends (HEARTBEAT_MS is at least 100). */
const MIN_HEARTBEAT_MS = 100;
/** Backoff after failures: full jitter up to BASE x 2^n, capped; Retry-After is honoured up to the cap. */
const BACKOFF_BASE_MS = 250;
const MAX_BACKOFF_MS = 30_000;
/** Beyond a claim's waitMs, and for settlements: how long an answer may take. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long one cancel poll waits for a cancel (the service allows up to 30,000). */
const CANCELS_WAIT_MS = 25_000;
/** stop(): how long the last settlements and the last heartbeat may take once the jobs are done. */
const FINAL_TIMEOUT_MS = 10_000;
/** A claim answered 4xx with one of these will not succeed by trying again. */
const FATAL_CLAIM_STATUSES = new Set([400, 401, 403, 404]);
const MAX_ERROR_CHARS = 2_000;
const MAX_STACK_CHARS = 4_000;
const MAX_RETRY_IN_MS = 2_592_000_000;

/**
 * A lease this worker holds: a job whose handler runs, or whose settlement is not acknowledged
 * yet. Every heartbeat names it (the service releases the leases of this worker it does not name).
 */
interface Task {
  claimed: ClaimedJob;
  lease: Lease;
  controller: AbortController;
  state: 'running' | 'settling';
  /** What the handler reported and is not sent yet, and the report on its way. */
  report?: TaskReport;
  /** When the lease ends unless a heartbeat renews it. */
  leaseUntil: number;
  timer?: NodeJS.Timeout;
}

interface TaskReport {
  progress?: { value: unknown };
  lines: string[];
  timer?: NodeJS.Timeout;
  sending?: Promise<void>;
}

/** How long a job's reports gather before they are sent; the most lines that wait. */
const REPORT_DELAY_MS = 100;
const REPORT_MAX_LINES = 1_000;
const MAX_PROGRESS_BYTES = 4 * 1024;
const MAX_LOG_LINE_CHARS = 4 * 1024;

interface PendingSettlement {
  task: Task;
  settlement: Settlement;
  /** The settlement as JSON: encoded once, when the outcome is decided (a result that is not JSON fails the job there). */
  json: string;
}

/**
 * A remote worker (docs/remote-workers.md): claims jobs of one queue with long polls while it has
 * free slots, runs them concurrently, keeps their leases with one heartbeat for all, and settles
 * them in batches with their fencing tokens.
 *
 * Claims and heartbeats go one at a time from one loop: the service releases every lease of this
 * worker a heartbeat does not name, so a heartbeat that crossed a claim would give that claim's
 * jobs back while they run here. A long poll therefore ends before the next heartbeat is due.
 */
export class Worker {
  readonly workerId: string;
  private readonly client: ClaimqClient;
  private readonly queue: string;
  private readonly handler: JobHandler;
  private readonly concurrency: number;
  private readonly batchSize: number;
  private readonly types: string[] | undefined;
  private readonly waitMs: number;
  private readonly graceMs: number;
  private readonly logger: WorkerLogger;
  private readonly onSettled: ((jobId: string, status: string) => void) | undefined;
  private readonly info: { host: string; pid: number; language: string; concurrency: number };

  /** Every lease held, by job id. */
  private readonly held = new Map<string, Task>();
  /** Handlers whose outcome is not decided: the slots in use. */
  private running = 0;
  private readonly wakeup = new Wakeup();
  /** Woken when a job starts: the cancel poll runs only while jobs are held. */
  private readonly jobStarted = new Wakeup();
  /** Ends the cancel poll under way (stop()). */
  private readonly cancelsAbort = new AbortController();

  private done: Promise<void> | undefined;
  private stopping = false;
  private stopRequested: () => void = () => {};
  private fatal: unknown;
  /** The control loop ends (after the drain). */
  private closed = false;
  private claimAbort: AbortController | undefined;
  /** The claim under way: stop() lets it end (aborted) before the drain, so jobs its reply brought are released with the others. */
  private claiming: Promise<void> | undefined;
  private claimsSent = 0;
  private claimFailures = 0;
  private claimNotBefore = 0;
  /** From the first claim's reply; undefined until then. */
  private heartbeatMs: number | undefined;
  private leaseMs = 0;
  private nextBeatAt = 0;

  private pending: PendingSettlement[] = [];
  /** Settlements waiting for their job's report to be sent first. */
  private reporting = 0;
  private flushing = false;
  private flushTimer: NodeJS.Timeout | undefined;
  /** Ends the settlements' retries when stop() gives up on them. */
  private readonly settleAbort = new AbortController();

  constructor(options: WorkerOptions) {
    const { queue, handler, concurrency = 10, types, waitMs = 20_000, shutdownGraceMs = 30_000 } = options;
    const batchSize = options.batchSize ?? Math.min(concurrency, 1_000);
    if (!NAME.test(queue)) throw new TypeError(`Worker: queue ${JSON.stringify(queue)} must match [A-Za-z0-9_.:-]{1,100}`);
    if (typeof handler !== 'function') throw new TypeError('Worker: handler must be a function');
    checkInt('concurrency', concurrency, 1, 10_000);
    checkInt('batchSize', batchSize, 1, 1_000);
    checkInt('waitMs', waitMs, 0, 30_000);
    checkInt('shutdownGraceMs', shutdownGraceMs, 0, Number.MAX_SAFE_INTEGER);
    if (types !== undefined && (types.length === 0 || types.length > 100 || !types.every((type) => NAME.test(type)))) {
      throw new TypeError('Worker: types must be 1 to 100 names matching [A-Za-z0-9_.:-]{1,100}');
    }
    const host = hostname();
    this.workerId = options.workerId ?? defaultWorkerId(host);
    if (!NAME.test(this.workerId)) throw new TypeError(`Worker: workerId ${JSON.stringify(this.workerId)} must match [A-Za-z0-9_.:-]{1,100}`);
    this.client = options.client ?? new ClaimqClient(options);
    this.queue = queue;
    this.handler = handler;
    this.concurrency = concurrency;
    this.batchSize = batchSize;
    this.types = types;
    this.waitMs = waitMs;
    this.graceMs = shutdownGraceMs;
    this.logger = options.logger ?? consoleLogger(this.workerId);
    this.onSettled = options.onSettled;
    this.info = { host: host.slice(0, 100), pid: process.pid, language: 'typescript', concurrency };
  }

  /** Starts claiming and running jobs; run() or stop() tell when it ended. */
  start(): void {
    if (this.done !== undefined || this.stopping) return;
    const stopped = new Promise<void>((resolve) => (this.stopRequested = resolve));
    this.done = this.main(stopped);
    // start() alone reports a fatal error through the logger; run() rejects with it
    this.done.catch(() => {});
  }

  /** Starts the worker (if it is not running) and resolves once it stopped; rejects when the service refused its claims for good (400, 401, 403, 404). */
  run(): Promise<void> {
    this.start();
    return this.done ?? Promise.resolve();
  }

  /**
   * Stops claiming (a long poll under way is cut short; the service hands its jobs back), waits
   * up to shutdownGraceMs for the jobs running, aborts and releases the others, sends the last
   * settlements and a last heartbeat. Resolves once the worker is stopped.
   */
  async stop(): Promise<void> {
    this.requestStop();
    await this.done?.catch(() => {});
  }

  private requestStop(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.claimAbort?.abort();
    this.stopRequested();
    this.wakeup.wake();
  }

  private async main(stopped: Promise<void>): Promise<void> {
    const control = this.controlLoop();
    const cancels = this.cancelsLoop();
    await stopped;
    await this.claiming;
    await this.drain();
    this.closed = true;
    this.wakeup.wake();
    this.jobStarted.wake();
    this.cancelsAbort.abort();
    await Promise.all([control, cancels]);
    await this.finalHeartbeat();
    if (this.fatal !== undefined) throw this.fatal;
  }

  /** Claims while slots are free, and sends each heartbeat when it is due, one request at a time. */
  private async controlLoop(): Promise<void> {
    while (!this.closed) {
      const now = Date.now();
      if (this.heartbeatMs !== undefined && now >= this.nextBeatAt) {
        await this.beat();
        continue;
      }
      const untilBeat = this.heartbeatMs === undefined ? Infinity : this.nextBeatAt - now;
      const free = this.concurrency - this.running;
      if (!this.stopping && free > 0 && now >= this.claimNotBefore && untilBeat >= MIN_POLL_MS) {
        // the first claim answers at once: its reply says how often to beat
        this.claiming = this.claim(Math.min(free, this.batchSize), this.heartbeatMs === undefined ? 0 : Math.min(this.waitMs, Math.floor(untilBeat)));
        await this.claiming;
        this.claiming = undefined;
        continue;
      }
      let wakeAt = this.heartbeatMs === undefined ? now + 60_000 : this.nextBeatAt;
      if (!this.stopping && this.claimNotBefore > now) wakeAt = Math.min(wakeAt, this.claimNotBefore);
      // woken early by a freed slot or stop()
      await this.wakeup.wait(wakeAt - now);
    }
  }

  private async claim(max: number, waitMs: number): Promise<void> {
    const abort = (this.claimAbort = new AbortController());
    const sentAt = Date.now();
    this.claimsSent++;
    try {
      const { data, error, response } = await this.client.api.POST('/queues/{queue}/claims', {
        params: { path: { queue: this.queue } },
        body: { worker: { id: this.workerId, ...this.info }, max, waitMs, ...(this.types === undefined ? {} : { types: this.types }) },
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(waitMs + REQUEST_TIMEOUT_MS)]),
      });
      if (!response.ok || data === undefined) throw ClaimqApiError.fromResponse(response, error);
      this.claimFailures = 0;
      this.leaseMs = data.leaseMs;
      const heartbeatMs = Math.max(MIN_HEARTBEAT_MS, data.heartbeatMs);
      if (this.heartbeatMs === undefined) this.nextBeatAt = sentAt + heartbeatMs;
      this.heartbeatMs = heartbeatMs;
      // a short poll (waitMs 0 asked for) that found nothing: wait a little before the next
      if (data.jobs.length === 0 && waitMs < MIN_POLL_MS && this.claimsSent > 1) this.claimNotBefore = Date.now() + 1_000;
      for (const claimed of data.jobs) this.startJob(claimed, sentAt);
    } catch (err) {
      if (this.stopping) return; // the poll was cut short by stop(); the service hands back what it took
      if (err instanceof ClaimqApiError && FATAL_CLAIM_STATUSES.has(err.status)) {
        this.logger.error('claim refused; the worker stops', { queue: this.queue, error: err.message, errors: err.errors });
        this.fatal = err;
        this.requestStop();
        return;
      }
      const waitMs = retryWaitMs(err, ++this.claimFailures);
      this.claimNotBefore = Date.now() + waitMs;
      this.logger.warn(`claim failed; trying again in ${Math.round(waitMs)} ms`, { queue: this.queue, error: errorText(err) });
    } finally {
      this.claimAbort = undefined;
    }
  }

  /**
   * While jobs are held, keeps one long poll open on GET /workers/:workerId/cancels: a cancel asked
   * of a job running here stops it within moments, not at the next heartbeat (which still tells
   * it, should the poll miss it). A service without the route (404) leaves it to the heartbeat.
   */
  private async cancelsLoop(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      if (this.held.size === 0) {
        await this.jobStarted.wait(60_000);
        continue;
      }
      try {
        const { data, error, response } = await this.client.api.GET('/workers/{workerId}/cancels', {
          params: { path: { workerId: this.workerId }, query: { waitMs: CANCELS_WAIT_MS } },
          signal: AbortSignal.any([this.cancelsAbort.signal, AbortSignal.timeout(CANCELS_WAIT_MS + REQUEST_TIMEOUT_MS)]),
        });
        if (!response.ok || data === undefined) throw ClaimqApiError.fromResponse(response, error);
        failures = 0;
        for (const { id, token } of data.cancelled) {
          const task = this.held.get(id);
          if (task !== undefined && task.lease.token === token && task.state === 'running') this.abortTask(task, 'cancelled');
        }
      } catch (err) {
        if (this.closed) return;
        if (err instanceof ClaimqApiError && err.status === 404) {
          this.logger.warn('the service has no cancel poll (an earlier version): cancels reach jobs at the heartbeat');
          return;
        }
        const waitMs = retryWaitMs(err, ++failures);
        this.logger.warn(`cancel poll failed; trying again in ${Math.round(waitMs)} ms (the heartbeat still tells cancels)`, { error: errorText(err) });
        await delay(waitMs, undefined, { signal: this.cancelsAbort.signal }).catch(() => {});
      }
    }
  }

  private startJob(claimed: ClaimedJob, sentAt: number): void {
    const lease = { id: claimed.job.id, token: claimed.token };
    const task: Task = { claimed, lease, controller: new AbortController(), state: 'running', leaseUntil: sentAt + this.leaseMs };
    const old = this.held.get(lease.id);
    // claimed again: the older token is no longer current
    if (old !== undefined) this.abortTask(old, 'stale');
    this.held.set(lease.id, task);
    this.running++;
    this.jobStarted.wake();
    // a reply that came after stop(): its jobs go back unrun
    if (this.stopping) {
      this.abortTask(task, 'shutdown');
      return;
    }
    // setTimeout holds at most 2^31 - 1 ms; a longer timeout is left to the service
    if (claimed.job.timeoutMs <= 2_147_483_647) task.timer = setTimeout(() => this.abortTask(task, 'timeout'), claimed.job.timeoutMs);
    void this.execute(task);
  }

  private async execute(task: Task): Promise<void> {
    const { job } = task.claimed;
    let result: unknown;
    try {
      const progress = (value: unknown): void => {
        let json: string | undefined;
        try {
          json = JSON.stringify(value);
        } catch {
          json = undefined;
        }
        if (json === undefined || (typeof value === 'number' && !Number.isFinite(value))) throw new RangeError('progress must be a number or a JSON value');
        if (Buffer.byteLength(json, 'utf8') > MAX_PROGRESS_BYTES) throw new RangeError(`progress must be at most ${MAX_PROGRESS_BYTES} bytes as JSON`);
        if (task.state !== 'running') return;
        (task.report ??= { lines: [] }).progress = { value };
        this.scheduleReport(task);
      };
      const log = (line: string): void => {
        if (task.state !== 'running') return;
        const report = (task.report ??= { lines: [] });
        const text = String(line);
        report.lines.push(text.length > MAX_LOG_LINE_CHARS ? text.slice(0, MAX_LOG_LINE_CHARS) : text);
        this.scheduleReport(task, report.lines.length >= REPORT_MAX_LINES);
      };
      result = await this.handler(job, { signal: task.controller.signal, token: task.lease.token, parents: task.claimed.parents ?? {}, progress, log });
    } catch (err) {
      // decided already (aborted): what the handler does after that is not recorded
      if (task.state === 'running') this.decide(task, failure(task.lease, err));
      return;
    }
    if (task.state !== 'running') return;
    if (result === undefined) {
      this.decide(task, { ...task.lease, status: 'succeeded' });
      return;
    }
    const settlement: Settlement = { ...task.lease, status: 'succeeded', result: result as Settlement['result'] };
    let json: string;
    try {
      json = JSON.stringify(settlement);
    } catch (err) {
      this.decide(task, failure(task.lease, new PermanentJobError(`the handler's result is not JSON: ${errorText(err)}`)));
      return;
    }
    this.decide(task, settlement, json);
  }

  /**
   * The handler's outcome is decided: its slot is free, and the settlement is queued, once what
   * the job reported is sent (the service stores a report only while the lease is current).
   */
  private decide(task: Task, settlement: Settlement, json = JSON.stringify(settlement)): void {
    this.endRun(task);
    task.state = 'settling';
    const reported = settlement.status === 'released' ? undefined : this.sendReport(task);
    if (!reported) {
      this.pending.push({ task, settlement, json });
      this.scheduleFlush();
      return;
    }
    this.reporting++;
    void reported.then(() => {
      this.reporting--;
      this.pending.push({ task, settlement, json });
      this.scheduleFlush();
    });
  }

  private scheduleReport(task: Task, now = false): void {
    const report = task.report!;
    if (now) {
      void this.sendReport(task);
      return;
    }
    report.timer ??= setTimeout(() => {
      report.timer = undefined;
      void this.sendReport(task);
    }, REPORT_DELAY_MS);
  }

  /** Sends what the job reported (after the report on its way); undefined when nothing is pending or on its way. */
  private sendReport(task: Task): Promise<void> | undefined {
    const report = task.report;
    if (!report) return undefined;
    clearTimeout(report.timer);
    report.timer = undefined;
    const { progress, lines } = report;
    if (progress === undefined && lines.length === 0) return report.sending;
    report.progress = undefined;
    report.lines = [];
    const body: JsonRequestBody<Operation<'/jobs/{id}/report', 'post'>> = { token: task.lease.token };
    // checked JSON by progress()
    if (progress !== undefined) body.progress = progress.value as typeof body.progress;
    if (lines.length > 0) body.lines = lines;
    const previous = report.sending ?? Promise.resolve();
    const sending = previous.then(async () => {
      try {
        const { error, response } = await this.client.api.POST('/jobs/{id}/report', {
          params: { path: { id: task.lease.id } },
          body,
          signal: AbortSignal.timeout(FINAL_TIMEOUT_MS),
        });
        // 409: the lease is gone (the job was cancelled, reaped or claimed again): nothing to store
        if (!response.ok && response.status !== 409) throw ClaimqApiError.fromResponse(response, error);
      } catch (err) {
        this.logger.warn('a job progress report was dropped', { jobId: task.lease.id, error: errorText(err) });
      }
    });
    report.sending = sending;
    void sending.then(() => {
      if (report.sending === sending) report.sending = undefined;
    });
    return sending;
  }

  /** Decides a running job from outside: its signal is aborted and its handler's outcome dropped. */
  private abortTask(task: Task, reason: JobAbortReason): void {
    if (task.state !== 'running') return;
    const { lease } = task;
    if (reason === 'cancelled') this.decide(task, { ...lease, status: 'failed', error: ABORT_MESSAGES.cancelled, retryable: false });
    else if (reason === 'timeout') this.decide(task, { ...lease, status: 'failed', error: `timed out after ${task.claimed.job.timeoutMs}ms`, retryable: true });
    else if (reason === 'shutdown') this.decide(task, { ...lease, status: 'released' });
    else {
      this.endRun(task);
      this.forget(task);
      this.logger.warn('the lease of a running job is no longer this worker\'s: stopped, its result dropped', { jobId: lease.id, token: lease.token });
    }
    task.controller.abort(new JobAbortedError(reason));
  }

  private endRun(task: Task): void {
    clearTimeout(task.timer);
    task.state = 'settling';
    this.running--;
    this.wakeup.wake();
  }

  private forget(task: Task): void {
    if (this.held.get(task.lease.id) === task) this.held.delete(task.lease.id);
  }

  /** Sends one heartbeat naming every lease held, and acts on what it says. */
  private async beat(): Promise<void> {
    const every = this.heartbeatMs ?? 0;
    const sentAt = Date.now();
    this.nextBeatAt = sentAt + every;
    const tasks = [...this.held.values()];
    try {
      const { data, error, response } = await this.client.api.POST('/workers/{workerId}/heartbeat', {
        params: { path: { workerId: this.workerId } },
        body: { queues: [this.queue], leases: tasks.map((task) => task.lease), info: this.info },
        signal: AbortSignal.timeout(Math.max(every, 5_000)),
      });
      if (!response.ok || data === undefined) throw ClaimqApiError.fromResponse(response, error);
      const cancelled = new Set(data.cancelled);
      const stale = new Set(data.stale);
      for (const task of tasks) {
        // settled or claimed again meanwhile; a settling job's settlement answers for it
        if (this.held.get(task.lease.id) !== task || task.state !== 'running') continue;
        if (stale.has(task.lease.id)) this.abortTask(task, 'stale');
        else {
          task.leaseUntil = sentAt + this.leaseMs;
          if (cancelled.has(task.lease.id)) this.abortTask(task, 'cancelled');
        }
      }
    } catch (err) {
      this.logger.warn('heartbeat failed; trying again at the next', { error: errorText(err) });
      const now = Date.now();
      for (const task of tasks) if (task.state === 'running' && task.leaseUntil <= now) this.abortTask(task, 'stale');
    }
  }

  /**
   * After the drain no job runs here: the last heartbeat names no lease, and the service releases
   * any it still records for this worker (a claim whose reply the shutdown cut short).
   */
  private async finalHeartbeat(): Promise<void> {
    if (this.claimsSent === 0) return;
    try {
      const { error, response } = await this.client.api.POST('/workers/{workerId}/heartbeat', {
        params: { path: { workerId: this.workerId } },
        body: { queues: [this.queue], leases: [], info: this.info, final: true },
        signal: AbortSignal.timeout(FINAL_TIMEOUT_MS),
      });
      if (!response.ok) throw ClaimqApiError.fromResponse(response, error);
    } catch (err) {
      this.logger.warn('the last heartbeat failed; leases still recorded for this worker return when their lease ends', { error: errorText(err) });
    }
  }

  /** stop(): waits for the jobs up to the grace, releases the rest, sends the last settlements. */
  private async drain(): Promise<void> {
    const graceEnd = Date.now() + this.graceMs;
    while (this.running > 0 && Date.now() < graceEnd) await this.wakeup.wait(graceEnd - Date.now());
    let released = 0;
    for (const task of [...this.held.values()]) {
      if (task.state !== 'running') continue;
      this.abortTask(task, 'shutdown');
      released++;
    }
    if (released > 0) this.logger.warn(`released ${released} job(s) still running after the ${this.graceMs} ms grace`);
    const flushEnd = Date.now() + FINAL_TIMEOUT_MS;
    while ((this.pending.length > 0 || this.flushing || this.reporting > 0) && Date.now() < flushEnd) {
      this.scheduleFlush(true);
      await this.wakeup.wait(flushEnd - Date.now());
    }
    clearTimeout(this.flushTimer);
    this.settleAbort.abort();
    if (this.pending.length > 0) {
      this.logger.error(`${this.pending.length} settlement(s) could not be sent; their jobs return when their leases end`, { jobIds: this.pending.map((p) => p.task.lease.id) });
      for (const { task } of this.pending) this.forget(task);
      this.pending = [];
    }
  }

  /** A batch goes when it holds SETTLE_BATCH settlements, or SETTLE_DELAY_MS after its first. */
  private scheduleFlush(now = false): void {
    if (this.flushing) return; // the flush under way sends these too
    if (now || this.pending.length >= SETTLE_BATCH) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      void this.flush();
    } else {
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        void this.flush();
      }, SETTLE_DELAY_MS);
    }
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0 && !this.settleAbort.signal.aborted) {
        const batch = this.pending.slice(0, SETTLE_BATCH);
        await this.send(batch);
        // only flush() takes from the front; settlements decided meanwhile were added at the end
        this.pending.splice(0, batch.length);
      }
    } finally {
      this.flushing = false;
      this.wakeup.wake();
    }
  }

  /** Sends a batch until the service answers it: a dropped connection or a 5xx is tried again (the same token again changes nothing). */
  private async send(batch: PendingSettlement[]): Promise<void> {
    for (let attempt = 1; !this.settleAbort.signal.aborted; attempt++) {
      let failure: unknown;
      try {
        const { data, error, response } = await this.client.api.POST('/settlements', {
          body: { results: batch.map((p) => p.settlement) },
          bodySerializer: () => `{"results":[${batch.map((p) => p.json).join(',')}]}`,
          signal: AbortSignal.any([this.settleAbort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
        if (response.ok && data !== undefined) {
          data.results.forEach(({ status }, i) => this.settled(batch[i], status));
          return;
        }
        failure = ClaimqApiError.fromResponse(response, error);
        if (response.status < 500 && response.status !== 429) {
          await this.refused(batch, failure as ClaimqApiError);
          return;
        }
      } catch (err) {
        if (this.settleAbort.signal.aborted) return;
        failure = err;
      }
      const waitMs = retryWaitMs(failure, attempt);
      this.logger.warn(`sending ${batch.length} settlement(s) failed; trying again in ${Math.round(waitMs)} ms`, { error: errorText(failure) });
      try {
        await delay(waitMs, undefined, { signal: this.settleAbort.signal });
      } catch {
        return;
      }
    }
  }

  private settled({ task, settlement }: PendingSettlement, status: string): void {
    this.forget(task);
    this.onSettled?.(task.lease.id, status);
    if (status === 'stale') this.logger.warn('a result was refused as stale (the lease is no longer this worker\'s): dropped', { jobId: task.lease.id, token: task.lease.token, outcome: settlement.status });
  }

  /**
   * A 4xx for a batch. A 400 or 413 names one bad item (a result above MAX_PAYLOAD_BYTES): each is
   * sent alone, and a result the service refuses fails its job instead. Any other refusal (a key
   * that no longer counts) is logged; the jobs return when their leases end.
   */
  private async refused(batch: PendingSettlement[], err: ClaimqApiError): Promise<void> {
    if (err.status === 400 || err.status === 413) {
      if (batch.length > 1) {
        for (const item of batch) await this.send([item]);
        return;
      }
      const [{ task, settlement }] = batch;
      if (settlement.status === 'succeeded') {
        const failed = failure(task.lease, new PermanentJobError(`claimq refused the result: ${err.message}`));
        await this.send([{ task, settlement: failed, json: JSON.stringify(failed) }]);
        return;
      }
    }
    this.logger.error(`claimq refused ${batch.length} settlement(s); their jobs return when their leases end`, { error: err.message, errors: err.errors, jobIds: batch.map((p) => p.task.lease.id) });
    for (const { task } of batch) this.forget(task);
  }
}

/** Wakes every waiter at once: each loop checks again what it waits for. */
class Wakeup {
  private readonly waiters = new Set<() => void>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(Math.max(0, ms), 60_000));
      this.waiters.add(done);
    });
  }

  wake(): void {
    for (const done of [...this.waiters]) done();
  }
}

/** A thrown error as a failed settlement: retryable unless PermanentJobError, RetryJobLaterError sets retryInMs. */
function failure(lease: Lease, err: unknown): Settlement {
  const settlement: Settlement = { ...lease, status: 'failed', error: errorText(err).slice(0, MAX_ERROR_CHARS) || 'Error', retryable: !(err instanceof PermanentJobError) };
  if (err instanceof RetryJobLaterError && Number.isFinite(err.delayMs)) settlement.retryInMs = Math.min(MAX_RETRY_IN_MS, Math.max(0, Math.round(err.delayMs)));
  if (err instanceof Error && typeof err.stack === 'string' && err.stack !== '') settlement.stack = err.stack.slice(0, MAX_STACK_CHARS);
  return settlement;
}

/** Retry-After of a 503 (at most MAX_BACKOFF_MS), else full-jitter exponential backoff. */
function retryWaitMs(err: unknown, attempt: number): number {
  if (err instanceof ClaimqApiError && err.retryAfter !== undefined) return Math.min(err.retryAfter * 1000, MAX_BACKOFF_MS);
  return Math.random() * Math.min(MAX_BACKOFF_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt - 1, 20));
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message === '' ? err.name : `${err.message}`;
  return String(err);
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`Worker: ${name} must be an integer from ${min} to ${max}, not ${value}`);
}

/** `${host}-${pid}-${8 random hex}`, the host kept to the characters a worker id may hold. */
function defaultWorkerId(host: string): string {
  const suffix = `-${process.pid}-${randomBytes(4).toString('hex')}`;
  const safeHost = host.replace(/[^A-Za-z0-9_.:-]/g, '-').slice(0, 100 - suffix.length) || 'worker';
  return safeHost + suffix;
}

function consoleLogger(workerId: string): WorkerLogger {
  const line = (message: string, details?: Record<string, unknown>): string => `claimq worker ${workerId}: ${message}${details ? ` ${JSON.stringify(details)}` : ''}`;
  return {
    warn: (message, details) => console.warn(line(message, details)),
    error: (message, details) => console.error(line(message, details)),
  };
}
