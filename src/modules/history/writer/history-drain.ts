import { HistoryGap, JobEventBatch, JobEventSource, SourcedJobEvent } from '../../queue';
import { BatchWriteReport } from './history-batch-writer';
import { abortableSleep } from '../../../common/abortable-sleep';
import { RetryBackoff } from '../../../common/retry-backoff';

export interface HistoryDrainOptions {
  batchSize: number;
  /** First wait after a failure; doubles up to retryMaxMs. */
  retryInitialMs?: number;
  retryMaxMs?: number;
  log?: HistoryDrainLog;
}

export interface HistoryDrainLog {
  warn(message: string): void;
  error(message: string): void;
}

/** Stores events, and the gaps read with them in the same transaction. */
type Write = (events: readonly SourcedJobEvent[], gaps: readonly HistoryGap[]) => Promise<BatchWriteReport>;

/**
 * Moves events from one source into Postgres: read a batch, store it (retrying the same batch
 * with a capped backoff for as long as Postgres refuses), then acknowledge it. Nothing is
 * acknowledged before it is stored, so a writer that dies or stops mid-batch loses nothing the
 * source can redeliver. Runs beside the claim path: a slow or absent database delays history only.
 */
export class HistoryDrain {
  private readonly stopping = new AbortController();
  private reading = false;
  private loop?: Promise<void>;
  private readonly backoff: RetryBackoff;
  private failures = 0;
  /** Batches stored and acknowledged since start (for tests and metrics). */
  stored = 0;

  constructor(
    readonly source: JobEventSource,
    private readonly write: Write,
    private readonly options: HistoryDrainOptions,
  ) {
    this.backoff = new RetryBackoff(options.retryInitialMs ?? 250, options.retryMaxMs ?? 30_000);
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops after the batch in hand is stored and acknowledged (or abandoned, while Postgres is away). */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.reading) await this.source.close();
    await this.loop;
    await this.source.close();
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const batch = await this.read();
      if (!batch || batch.entries === 0) continue;
      if (!(await this.store(batch))) return;
      await this.acknowledge(batch);
    }
  }

  private async read(): Promise<JobEventBatch | undefined> {
    this.reading = true;
    try {
      const batch = await this.source.read(this.options.batchSize);
      this.recovered();
      return batch;
    } catch (err) {
      if (!this.stopped) await this.failed(`reading ${this.source.name}`, err);
      return undefined;
    } finally {
      this.reading = false;
    }
  }

  /**
   * true once stored; false when stopped first. A batch larger than batchSize events (entries of
   * large script calls) is written in slices of batchSize, each one statement per table; a slice
   * stored before a failure is written again on the retry, which the upsert rules make harmless.
   * The batch's gaps go with its first slice (a batch of gaps only: one write of them), and a gap
   * written twice is stored once (its id).
   */
  private async store(batch: JobEventBatch): Promise<boolean> {
    const size = this.options.batchSize;
    for (let from = 0; from === 0 || from < batch.events.length; from += size) {
      if (!(await this.storeSlice(batch.events.slice(from, from + size), from === 0 ? batch.gaps : []))) return false;
    }
    return true;
  }

  private async storeSlice(events: readonly SourcedJobEvent[], gaps: readonly HistoryGap[]): Promise<boolean> {
    while (!this.stopped) {
      try {
        const report = await this.write(events, gaps);
        for (const r of report.rejected) this.options.log?.error(`history skipped the events of job ${r.jobId}: ${r.reason}`);
        this.recovered();
        return true;
      } catch (err) {
        await this.failed(`writing ${events.length} events${gaps.length > 0 ? ` and ${gaps.length} gaps` : ''} of ${this.source.name}`, err);
      }
    }
    return false;
  }

  private async acknowledge(batch: JobEventBatch): Promise<void> {
    try {
      await this.source.ack(batch);
      this.stored++;
    } catch (err) {
      // Stored but not acknowledged: the entries are claimed again later and written once more,
      // which the upsert rules make harmless.
      this.options.log?.warn(`history could not acknowledge ${batch.entries} entries of ${this.source.name}: ${message(err)}`);
    }
  }

  private async failed(what: string, err: unknown): Promise<void> {
    this.failures++;
    const wait = this.backoff.next();
    // The first failure and then every tenth: an outage of minutes should not flood the log.
    if (this.failures === 1 || this.failures % 10 === 0) {
      this.options.log?.warn(`history ${what} failed (${this.failures}x), retrying in ${wait} ms: ${message(err)}`);
    }
    await abortableSleep(wait, this.stopping.signal);
  }

  private recovered(): void {
    if (this.failures > 0) this.options.log?.warn(`history ${this.source.name} recovered after ${this.failures} failures`);
    this.failures = 0;
    this.backoff.reset();
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
