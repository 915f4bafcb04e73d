import { Clock } from '../../domain/clock';
import { executionCallbackSpec } from '../../domain/execution-callback';
import { Execution, isExecutionFinal, toExecution } from '../../domain/execution';
import { normalizeJobSpec } from '../../domain/job-spec';
import { ExecutionStore, JobQueue } from '../queue';
import { JobTracer, NOOP_JOB_TRACER } from '../tracing';
import { ExecutionStatusSink, RejectedExecution } from './execution-status.writer';

export interface ExecutionRefresherOptions {
  /** Names this instance's in-flight refreshes (no spaces). */
  refresherId: string;
  batch: number;
  maxPayloadBytes: number;
  /** HTTP_HOST_CONCURRENCY > 0: the callbacks (`http` jobs) get their receiver's host group. */
  hostGroups?: boolean;
  /** Executions the database refused as data: written no more, acknowledged with the rest. */
  onRejected?: (queue: string, rejected: RejectedExecution[]) => void;
  /** Traces each callback's enqueue, a trace of its own (default: off). */
  tracer?: JobTracer;
}

/**
 * One refresh batch of one queue: claim up to `batch` dirty executions (one store call), write
 * their status (one statement, when a database is configured), enqueue the callbacks of those
 * that just ended (one enqueue; each callback's idempotency key is the execution's, so two
 * refreshers never send one twice), then acknowledge. A failure before the ack leaves the batch
 * in flight; the reaper returns it to the refresh set after REFRESH_STALE_MS. A record the
 * database refuses as data is set aside (reported through onRejected) and acknowledged with the
 * rest, so it cannot hold back the other executions of its queue.
 */
export class ExecutionRefresher {
  constructor(
    private readonly executions: ExecutionStore,
    private readonly jobs: JobQueue,
    private readonly sink: ExecutionStatusSink | undefined,
    private readonly clock: Clock,
    private readonly options: ExecutionRefresherOptions,
  ) {}

  get refresherId(): string {
    return this.options.refresherId;
  }

  async refreshBatch(queue: string): Promise<Execution[]> {
    const { refresherId, batch } = this.options;
    const records = await this.executions.claimRefresh(queue, refresherId, batch);
    if (records.length === 0) return [];
    const executions = records.map(toExecution);
    if (this.sink) {
      const rejected = await this.sink.write(executions);
      if (rejected && rejected.length > 0) this.options.onRejected?.(queue, rejected);
    }
    const due = executions.filter((e) => isExecutionFinal(e.status) && e.callbackUrl !== undefined && !e.callbackEnqueued);
    if (due.length > 0) {
      const opts = { now: this.clock.now(), maxPayloadBytes: this.options.maxPayloadBytes, hostGroups: this.options.hostGroups };
      const callbacks = due.map((e) => normalizeJobSpec(executionCallbackSpec(e), opts));
      await (this.options.tracer ?? NOOP_JOB_TRACER).traceEnqueueEach(callbacks, () => this.jobs.enqueue(callbacks));
    }
    await this.executions.ackRefresh(
      queue,
      refresherId,
      executions.map((e) => e.id),
      due.map((e) => e.id),
    );
    return executions;
  }
}
