import { Injectable, Logger } from '@nestjs/common';
import { JobAdmin } from '../queue';
import { ExecutionRefreshMetrics } from './execution-refresh.metrics';
import { ExecutionRefresher } from './execution-refresher';

/**
 * Runs the refresh on this instance: for each queue, batches until the refresh set is drained or
 * MAX_ROUNDS batches were done. Every instance runs it; the claim splits the work between them,
 * so no execution is refreshed twice for one change and nothing is scanned.
 */
@Injectable()
export class ExecutionRefreshService {
  static readonly MAX_ROUNDS = 20;
  /** The queue list is re-read this often, not every pass: an idle instance stays cheap. */
  static readonly QUEUE_LIST_TTL_MS = 10_000;
  private readonly logger = new Logger(ExecutionRefreshService.name);
  private knownQueues: string[] = [];
  private queuesReadAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly admin: JobAdmin,
    private readonly refresher: ExecutionRefresher,
    private readonly metrics: ExecutionRefreshMetrics,
    private readonly batch: number,
  ) {}

  /** Returns how many executions were refreshed. Errors are logged per queue; the next pass retries. */
  async runPass(): Promise<number> {
    let refreshed = 0;
    for (const queue of await this.queues()) {
      try {
        refreshed += await this.refreshQueue(queue);
      } catch (err) {
        this.logger.warn(`refresh of queue ${queue} failed (retried after REFRESH_STALE_MS): ${(err as Error).message}`);
      }
    }
    return refreshed;
  }

  private async queues(): Promise<string[]> {
    if (performance.now() - this.queuesReadAt < ExecutionRefreshService.QUEUE_LIST_TTL_MS) return this.knownQueues;
    try {
      this.knownQueues = await this.admin.queues();
      this.queuesReadAt = performance.now();
    } catch (err) {
      this.logger.warn(`refresh could not list queues: ${(err as Error).message}`);
    }
    return this.knownQueues;
  }

  async refreshQueue(queue: string): Promise<number> {
    let refreshed = 0;
    for (let round = 0; round < ExecutionRefreshService.MAX_ROUNDS; round++) {
      const started = performance.now();
      const executions = await this.refresher.refreshBatch(queue);
      if (executions.length === 0) break;
      this.metrics.batch(queue, executions.length, (performance.now() - started) / 1000);
      refreshed += executions.length;
      if (executions.length < this.batch) break;
    }
    return refreshed;
  }
}
