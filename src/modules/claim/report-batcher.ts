import { ReportRequest, JobQueue, errorText } from '../queue';
import { WorkerLogger } from './worker-logger';

/** One running job's report waiting to be sent: its latest progress and its lines since the last send. */
interface PendingReport extends ReportRequest {
  lines: string[];
}

/** How long reports gather before they are sent (unless a job's result is about to be sent). */
export const REPORT_FLUSH_MS = 100;

/** A job's lines waiting here that make the batcher send at once (its memory stays bounded). */
const MAX_PENDING_LINES = 1_000;

/**
 * Gathers the progress and log lines handlers report (JobContext.progress, JobContext.log) and
 * sends them as ONE jobs.report call per queue at most every REPORT_FLUSH_MS: a handler that
 * reports a thousand times a second costs the store ten calls, its progress coalesced to the
 * latest. Before job results are sent (AckBatcher's flush), whatever is pending is sent first and
 * answered, so a job's lines and last progress are stored before its end. Best effort: a report
 * the store cannot take (unreachable, or the lease is no longer current) is dropped, with a warning
 * for the first.
 */
export class ReportBatcher {
  private pending = new Map<string, Map<string, PendingReport>>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly jobs: JobQueue,
    private readonly logLines: () => number,
    private readonly logger: WorkerLogger,
  ) {}

  progress(queue: string, id: string, token: number, progressJson: string): void {
    this.entry(queue, id, token).progressJson = progressJson;
    this.schedule();
  }

  log(queue: string, id: string, token: number, line: string): void {
    const entry = this.entry(queue, id, token);
    entry.lines.push(line);
    if (entry.lines.length >= MAX_PENDING_LINES) void this.flush();
    else this.schedule();
  }

  /**
   * Sends what is pending now; resolves once every report sent so far is answered. Undefined when
   * nothing is pending or in flight (the results' flush then waits for nothing).
   */
  flushIfBusy(): Promise<void> | undefined {
    if (this.pending.size === 0 && this.inFlight.size === 0) return undefined;
    return this.flush();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batches = this.pending;
    this.pending = new Map();
    for (const [queue, reports] of batches) this.send(queue, [...reports.values()]);
    await Promise.all([...this.inFlight]);
  }

  private entry(queue: string, id: string, token: number): PendingReport {
    let reports = this.pending.get(queue);
    if (!reports) this.pending.set(queue, (reports = new Map()));
    let entry = reports.get(id);
    // a newer attempt of the job (claimed again here): what the older one left is stale anyway
    if (!entry || entry.token !== token) reports.set(id, (entry = { id, token, lines: [] }));
    return entry;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, REPORT_FLUSH_MS);
    this.timer.unref();
  }

  private send(queue: string, reports: PendingReport[]): void {
    const call = this.jobs
      .report(queue, reports, this.logLines())
      .then(
        () => undefined,
        (err: unknown) => this.logger.warn(`${reports.length} job progress reports dropped: the store did not take them (${errorText(err)})`),
      )
      .finally(() => this.inFlight.delete(call));
    this.inFlight.add(call);
  }
}
