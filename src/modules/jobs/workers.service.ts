import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DeadWorkerRecord, LIVE_WORKERS_LISTED, PublishedWorker } from '../../domain/worker-info';
import { WorkerDirectory } from '../queue';

@Injectable()
export class WorkersService {
  constructor(
    @Inject(WorkerDirectory) private readonly directory: WorkerDirectory,
    private readonly config: AppConfig,
  ) {}

  /** Workers heard from within WORKER_DEAD_MS (by id), and the last ones declared dead (newest first). */
  async overview(): Promise<{ live: PublishedWorker[]; dead: DeadWorkerRecord[] }> {
    const [live, dead] = await Promise.all([this.directory.live(this.config.workerDeadMs, LIVE_WORKERS_LISTED), this.directory.dead()]);
    return { live, dead };
  }
}
