import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';
import { AppConfig } from '../../config/app-config';
import { queueOfJobId } from '../../domain/job-id';
import { ClaimqMetrics, METRIC_PREFIX } from '../metrics';
import { JobAdmin, JobEventSources } from '../queue';
import { HistoryDatabase } from './history-database';
import { HistoryBatchWriter } from './writer/history-batch-writer';
import { HistoryDrain } from './writer/history-drain';

/** How often the writer looks for queues that appeared since (each gets its own lane). */
export const LANE_DISCOVERY_MS = 30_000;

/**
 * Runs one HistoryDrain per event lane, from start to shutdown. Queues are discovered from the
 * store (configured ones plus every queue that has held a job) and re-checked periodically.
 * Off the claim path: nothing here can slow or stop jobs.
 */
@Injectable()
export class HistoryWriterService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('History');
  private readonly drains = new Map<string, HistoryDrain>();
  private readonly writer: HistoryBatchWriter;
  private readonly rejected: Counter<'queue'>;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    @Inject(JobAdmin) private readonly admin: JobAdmin,
    private readonly sources: JobEventSources,
    database: HistoryDatabase,
    @Optional() metrics?: ClaimqMetrics,
  ) {
    this.writer = new HistoryBatchWriter(() => database.dataSource(), { logLines: config.jobLogLines });
    this.rejected = new Counter({
      name: `${METRIC_PREFIX}history_rejected_total`,
      help: 'Jobs whose events PostgreSQL refused as data: set aside (logged), the rest of their batch written',
      labelNames: ['queue'],
      registers: [metrics?.registry ?? new Registry()],
    });
  }

  onApplicationBootstrap(): void {
    void this.discoverLanes();
    this.timer = setInterval(() => void this.discoverLanes(), LANE_DISCOVERY_MS);
    this.timer.unref();
  }

  /** Before the DataSource closes: lets each lane store and acknowledge the batch in hand. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([...this.drains.values()].map((d) => d.stop()));
    this.drains.clear();
  }

  /** Lanes running now (for tests and health). */
  get lanes(): string[] {
    return [...this.drains.keys()];
  }

  async discoverLanes(): Promise<void> {
    let queues: string[];
    let listed = true;
    try {
      queues = [...new Set([...this.config.queues, ...(await this.admin.queues())])];
    } catch (err) {
      queues = this.config.queues;
      listed = false;
      this.logger.warn(`history could not list queues, draining the configured ones: ${(err as Error).message}`);
    }
    const lanes = this.sources.lanes(queues);
    if (listed) {
      // a lane gone from the list (a partition forgotten after its queue's count was lowered: its
      // stream was read to the end before it was deleted) is stopped, not read again
      const wanted = new Set(lanes);
      for (const [lane, drain] of this.drains) {
        if (wanted.has(lane)) continue;
        this.drains.delete(lane);
        await drain.stop();
      }
    }
    for (const lane of lanes) {
      if (this.stopped || this.drains.has(lane)) continue;
      const write = async (...[events, gaps]: Parameters<HistoryBatchWriter['write']>) => {
        const report = await this.writer.write(events, gaps);
        for (const r of report.rejected) this.rejected.labels(queueOfJobId(r.jobId) ?? lane).inc();
        return report;
      };
      const drain = new HistoryDrain(this.sources.open(lane), write, {
        batchSize: this.config.historyBatch,
        coalesceMs: this.config.historyCoalesceMs,
        log: this.logger,
      });
      this.drains.set(lane, drain);
      drain.start();
    }
  }
}
