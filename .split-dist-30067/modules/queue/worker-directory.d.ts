import { DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../domain/worker-info';
/**
 * What the dashboard shows of worker processes: one entry per process (not per queue or
 * partition), kept where the jobs are (Redis: one hash-tagged slot for all of them, so it works
 * unchanged on Redis Cluster), beside the per-queue registry the reaper reads silent workers from
 * (JobStore.registerWorker). Each worker writes its entry once per heartbeat; the reaper records
 * the workers it declared dead and forgets silent entries. test/contract/worker-registry.cases.ts
 * is the executable form of this comment.
 */
export declare abstract class WorkerDirectory {
    /** Writes the worker's info, its last heartbeat now (the store's clock): one write. */
    abstract publish(info: WorkerInfo): Promise<void>;
    /** Removes the worker's info (a clean shutdown). */
    abstract remove(workerId: string): Promise<void>;
    /**
     * Workers whose last heartbeat is not older than now - silentMs, sorted by id: at most `limit`,
     * the freshest beats first when there are more. An entry that cannot be read is left out.
     */
    abstract live(silentMs: number, limit: number): Promise<PublishedWorker[]>;
    /** The info of these workers, however old; those without (readable) info are left out. */
    abstract find(workerIds: string[]): Promise<PublishedWorker[]>;
    /** Removes up to `limit` entries whose last heartbeat is older than now - silentMs, atomically; their ids. */
    abstract forgetSilent(silentMs: number, limit: number): Promise<string[]>;
    /** Records a worker declared dead; only the newest DEAD_WORKERS_KEPT are kept. */
    abstract recordDead(record: DeadWorkerRecord): Promise<void>;
    /** The workers declared dead, newest first (at most DEAD_WORKERS_KEPT). */
    abstract dead(): Promise<DeadWorkerRecord[]>;
}
