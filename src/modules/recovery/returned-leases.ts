import { DEAD_WORKER_JOB_IDS, DeadWorkerRecord, hostAndPidOf, PublishedWorker } from '../../domain/worker-info';
import { ReapResult } from '../queue';

/** What the reaper returned of one silent worker's leases in one queue, over the rounds of a pass. */
export class ReturnedLeases {
  requeued = 0;
  failed = 0;
  cancelled = 0;
  /** The first DEAD_WORKER_JOB_IDS of them. */
  readonly jobIds: string[] = [];

  constructor(readonly workerId: string) {}

  add(result: ReapResult): void {
    this.requeued += result.requeued.length;
    this.failed += result.failed.length;
    this.cancelled += result.cancelled.length;
    for (const ids of [result.requeued, result.failed, result.cancelled]) {
      for (const id of ids) {
        if (this.jobIds.length >= DEAD_WORKER_JOB_IDS) return;
        this.jobIds.push(id);
      }
    }
  }

  get any(): boolean {
    return this.requeued + this.failed + this.cancelled > 0;
  }

  /** The record of the worker declared dead: host and pid from its info while it is there, else from its id. */
  record(queue: string, declaredDeadAt: number, info: PublishedWorker | undefined): DeadWorkerRecord {
    const { host, pid } = info ?? hostAndPidOf(this.workerId);
    return {
      id: this.workerId,
      host,
      pid,
      queue,
      declaredDeadAt,
      lastHeartbeatAt: info?.lastHeartbeatAt ?? null,
      requeued: this.requeued,
      failed: this.failed,
      cancelled: this.cancelled,
      jobIds: [...this.jobIds],
    };
  }
}
