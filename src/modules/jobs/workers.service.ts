import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DeadWorkerRecord, LIVE_WORKERS_LISTED, PublishedWorker } from '../../domain/worker-info';
import { JobQueue, WorkerDirectory } from '../queue';

@Injectable()
export class WorkersService {
  constructor(
    @Inject(WorkerDirectory) private readonly directory: WorkerDirectory,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    private readonly config: AppConfig,
  ) {}

  /**
   * Workers heard from within WORKER_DEAD_MS (by id), and the last ones declared dead (newest
   * first). A worker's busy slots and leases are the store's count now (its lease sets: one read
   * per worker and queue), not what it published at its last heartbeat, so they agree with the
   * queues' running counts read at the same time.
   */
  async overview(): Promise<{ live: PublishedWorker[]; dead: DeadWorkerRecord[] }> {
    const [live, dead] = await Promise.all([this.directory.live(this.config.workerDeadMs, LIVE_WORKERS_LISTED), this.directory.dead()]);
    const byQueue = new Map<string, PublishedWorker[]>();
    for (const worker of live) {
      for (const queue of worker.queues) {
        let serving = byQueue.get(queue);
        if (!serving) byQueue.set(queue, (serving = []));
        serving.push(worker);
      }
    }
    const held = new Map<PublishedWorker, number>(live.map((worker) => [worker, 0]));
    await Promise.all(
      [...byQueue].map(async ([queue, serving]) => {
        const counts = await this.jobs.heldCounts(queue, serving.map((worker) => worker.id));
        serving.forEach((worker, i) => held.set(worker, held.get(worker)! + counts[i]));
      }),
    );
    const current = live.map((worker) => {
      const leases = held.get(worker)!;
      return { ...worker, leasesHeld: leases, slots: { busy: Math.min(leases, worker.slots.total), total: worker.slots.total } };
    });
    return { live: current, dead };
  }
}
