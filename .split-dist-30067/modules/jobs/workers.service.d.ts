import { AppConfig } from '../../config/app-config';
import { DeadWorkerRecord, PublishedWorker } from '../../domain/worker-info';
import { JobStore } from '../queue';
export declare class WorkersService {
    private readonly config;
    private readonly directory;
    constructor(store: Pick<JobStore, 'workers'>, config: AppConfig);
    /** Workers heard from within WORKER_DEAD_MS (by id), and the last ones declared dead (newest first). */
    overview(): Promise<{
        live: PublishedWorker[];
        dead: DeadWorkerRecord[];
    }>;
}
