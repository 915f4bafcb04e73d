import { DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../domain/worker-info';

/**
 * Worker processes, two ways. Per queue, the registry the reaper reads silent workers from
 * (register, unregister, silent: kept in the queue's slot). Per process, what the dashboard shows:
 * one entry per process (not per queue or partition), kept where the jobs are (Redis: one
 * hash-tagged slot for all of them, so it works unchanged on Redis Cluster). Each worker writes
 * both once per heartbeat; the reaper records the workers it declared dead and forgets silent
 * entries. test/contract/worker-registry.cases.ts is the executable form of this comment.
 */
export abstract class WorkerDirectory {
  /** Registers or refreshes live workers of `queue` (their last heartbeat: now), in one write. */
  abstract register(queue: string, ...workerIds: string[]): Promise<void>;

  /** Removes a worker from the queue's registry (clean shutdown). */
  abstract unregister(queue: string, workerId: string): Promise<void>;

  /** The queue's worker ids whose last registry heartbeat is older than now - silentMs, oldest first, at most `limit`. */
  abstract silent(queue: string, silentMs: number, limit: number): Promise<string[]>;

  /** Writes the info of workers, their last heartbeat now (the store's clock): one write, however many. */
  abstract publish(...infos: WorkerInfo[]): Promise<void>;

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
