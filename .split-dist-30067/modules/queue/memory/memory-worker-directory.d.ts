import { Clock } from '../../../domain/clock';
import { DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../../domain/worker-info';
import { WorkerDirectory } from '../worker-directory';
/**
 * The in-memory WorkerDirectory: a Map of workers by id (Map order is insertion order, so a
 * publish re-inserts the entry and the map stays ordered by last heartbeat, oldest first) and a
 * ring of the last DEAD_WORKERS_KEPT dead workers.
 */
export declare class MemoryWorkerDirectory extends WorkerDirectory {
    private readonly clock;
    private readonly workers;
    /** Oldest first; read newest first. */
    private readonly deadRing;
    constructor(clock: Clock);
    publish(info: WorkerInfo): Promise<void>;
    remove(workerId: string): Promise<void>;
    live(silentMs: number, limit: number): Promise<PublishedWorker[]>;
    find(workerIds: string[]): Promise<PublishedWorker[]>;
    forgetSilent(silentMs: number, limit: number): Promise<string[]>;
    recordDead(record: DeadWorkerRecord): Promise<void>;
    dead(): Promise<DeadWorkerRecord[]>;
}
