import { Clock } from '../../../domain/clock';
import { DEAD_WORKER_JOB_IDS, DEAD_WORKERS_KEPT, DeadWorkerRecord, PublishedWorker, WorkerInfo } from '../../../domain/worker-info';
import { WorkerDirectory } from '../worker-directory';
import { MemoryQueueAccess } from './memory-groups';

/**
 * The in-memory WorkerDirectory. Per queue, the registry lives in the queue's MemoryQueue.workers
 * (worker id -> last registry heartbeat), reached through `queues`. Per process, a Map of workers
 * by id (Map order is insertion order, so a publish re-inserts the entry and the map stays ordered
 * by last heartbeat, oldest first) and a ring of the last DEAD_WORKERS_KEPT dead workers.
 */
export class MemoryWorkerDirectory extends WorkerDirectory {
  private readonly workers = new Map<string, PublishedWorker>();
  /** Oldest first; read newest first. */
  private readonly deadRing: DeadWorkerRecord[] = [];

  constructor(
    private readonly queues: MemoryQueueAccess,
    private readonly clock: Clock,
  ) {
    super();
  }

  async register(queue: string, ...workerIds: string[]): Promise<void> {
    if (workerIds.length === 0) return;
    const workers = this.queues.open(queue).workers;
    for (const workerId of workerIds) workers.set(workerId, this.clock.now());
  }

  async unregister(queue: string, workerId: string): Promise<void> {
    this.queues.find(queue)?.workers.delete(workerId);
  }

  async silent(queue: string, silentMs: number, limit: number): Promise<string[]> {
    const q = this.queues.find(queue);
    if (!q) return [];
    const cutoff = this.clock.now() - silentMs;
    return [...q.workers]
      .filter(([, lastSeen]) => lastSeen < cutoff)
      .sort((a, b) => a[1] - b[1])
      .slice(0, Math.max(0, limit))
      .map(([workerId]) => workerId);
  }

  async publish(...infos: WorkerInfo[]): Promise<void> {
    for (const info of infos) {
      this.workers.delete(info.id);
      this.workers.set(info.id, { ...copyInfo(info), lastHeartbeatAt: this.clock.now() });
    }
  }

  async remove(workerId: string): Promise<void> {
    this.workers.delete(workerId);
  }

  async live(silentMs: number, limit: number): Promise<PublishedWorker[]> {
    const cutoff = this.clock.now() - silentMs;
    const fresh: PublishedWorker[] = [];
    // newest beats first: the map is ordered by last heartbeat
    const all = [...this.workers.values()];
    for (let i = all.length - 1; i >= 0 && fresh.length < limit; i--) {
      if (all[i].lastHeartbeatAt < cutoff) break;
      fresh.push(copyPublished(all[i]));
    }
    return fresh.sort(byId);
  }

  async find(workerIds: string[]): Promise<PublishedWorker[]> {
    const found: PublishedWorker[] = [];
    for (const id of new Set(workerIds)) {
      const worker = this.workers.get(id);
      if (worker) found.push(copyPublished(worker));
    }
    return found;
  }

  async forgetSilent(silentMs: number, limit: number): Promise<string[]> {
    const cutoff = this.clock.now() - silentMs;
    const forgotten: string[] = [];
    for (const worker of this.workers.values()) {
      if (forgotten.length >= limit || worker.lastHeartbeatAt >= cutoff) break;
      forgotten.push(worker.id);
    }
    for (const id of forgotten) this.workers.delete(id);
    return forgotten;
  }

  async recordDead(record: DeadWorkerRecord): Promise<void> {
    this.deadRing.push({ ...record, jobIds: record.jobIds.slice(0, DEAD_WORKER_JOB_IDS) });
    if (this.deadRing.length > DEAD_WORKERS_KEPT) this.deadRing.splice(0, this.deadRing.length - DEAD_WORKERS_KEPT);
  }

  async dead(): Promise<DeadWorkerRecord[]> {
    return this.deadRing.map((record) => ({ ...record, jobIds: [...record.jobIds] })).reverse();
  }
}

function copyInfo(info: WorkerInfo): WorkerInfo {
  return { ...info, queues: [...info.queues], slots: { ...info.slots } };
}

function copyPublished(worker: PublishedWorker): PublishedWorker {
  return { ...copyInfo(worker), lastHeartbeatAt: worker.lastHeartbeatAt };
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
