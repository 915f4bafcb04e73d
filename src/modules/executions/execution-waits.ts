import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Execution, isExecutionFinal, queueOfExecutionId } from '../../domain/execution';
import { isFinal } from '../../domain/job';
import { HubSeat, JobEventHub } from '../jobs';
import { ExecutionsService } from './executions.service';

/** The least time between two reads of one waited execution while its queue's jobs keep ending. */
export const EXECUTION_REREAD_MS = 50;

/** The waits on one store queue's executions: one seat on the hub, and the waits to wake. */
interface QueueWaits {
  seat: Promise<HubSeat>;
  wakes: Set<() => void>;
}

/**
 * Waits for executions to end (`GET /executions/:id?waitMs=`). An execution's status comes from
 * counters the store keeps with every job change, and no event names it; so a wait listens to its
 * store queue on this process's one reader of the live feed (JobEventHub; one seat per store
 * queue, whatever the number of waits), and reads the execution again when a job of the queue
 * ended or was added, at most every EXECUTION_REREAD_MS: a wait costs nothing while its queue is
 * quiet and at most 20 reads a second while it is busy. At shutdown every open wait answers at once.
 */
@Injectable()
export class ExecutionWaits implements OnModuleDestroy {
  private readonly queues = new Map<string, QueueWaits>();
  private readonly open = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly hub: JobEventHub,
    private readonly executions: ExecutionsService,
  ) {}

  /** The execution once it has ended, or as it stands when `waitMs` has passed or `signal` aborted. */
  async untilEnded(id: string, waitMs: number, signal?: AbortSignal): Promise<Execution> {
    const queue = queueOfExecutionId(id);
    if (queue === undefined || waitMs <= 0 || this.closed || this.hub.closed || signal?.aborted) return this.executions.get(id);
    const deadline = Date.now() + waitMs;
    let changed = false;
    let wake: () => void = () => undefined;
    const onChange = (): void => {
      changed = true;
      wake();
    };
    const leave = await this.join(queue, onChange);
    const stop = (): void => wake();
    signal?.addEventListener('abort', stop, { once: true });
    this.open.add(stop);
    try {
      for (;;) {
        changed = false;
        const readAt = Date.now();
        const execution = await this.executions.get(id);
        if (isExecutionFinal(execution.status) || this.closed || signal?.aborted || Date.now() >= deadline) return execution;
        // a change heard while the read was on its way is read again, after the pause
        if (!changed) await this.sleep(deadline - Date.now(), (resolve) => (wake = resolve));
        if (this.closed || signal?.aborted || Date.now() >= deadline) return this.executions.get(id);
        const pause = readAt + EXECUTION_REREAD_MS - Date.now();
        if (pause > 0) await this.sleep(Math.min(pause, deadline - Date.now()), (resolve) => (wake = resolve));
      }
    } finally {
      wake = () => undefined;
      signal?.removeEventListener('abort', stop);
      this.open.delete(stop);
      leave();
    }
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const stop of this.open) stop();
    this.open.clear();
  }

  private sleep(ms: number, onWake: (resolve: () => void) => void): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      onWake(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async join(queue: string, wake: () => void): Promise<() => void> {
    let waits = this.queues.get(queue);
    if (!waits) {
      const created: QueueWaits = { wakes: new Set(), seat: Promise.resolve({ position: '', leave: () => undefined }) };
      created.seat = this.hub.onQueue(queue, (batch) => {
        if (created.wakes.size === 0) return;
        if (!batch.events.some((e) => isFinal(e.st) || e.k === 'enqueued' || e.k === 'retried')) return;
        for (const w of [...created.wakes]) w();
      });
      created.seat.catch(() => {
        if (this.queues.get(queue) === created) this.queues.delete(queue);
      });
      this.queues.set(queue, (waits = created));
    }
    const own = waits;
    own.wakes.add(wake);
    const leave = (): void => {
      own.wakes.delete(wake);
      if (own.wakes.size === 0 && this.queues.get(queue) === own) {
        this.queues.delete(queue);
        void own.seat.then(
          (seat) => seat.leave(),
          () => undefined,
        );
      }
    };
    try {
      await own.seat;
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }
}
