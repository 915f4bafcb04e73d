import { Clock } from '../../../domain/clock';
import {
  DEAD_WORKER_JOB_IDS,
  DEAD_WORKERS_KEPT,
  DeadWorkerRecord,
  decodeDeadWorker,
  decodeWorkerInfo,
  encodeDeadWorker,
  encodeWorkerInfo,
  PublishedWorker,
  WorkerInfo,
} from '../../../domain/worker-info';
import { WorkerDirectory } from '../worker-directory';
import type { RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';

type RunScript = (script: ScriptName, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;

/**
 * The Redis WorkerDirectory. The per-queue registry is a zset in each queue's slot. The process
 * entries: every key in WORKERS_KEY_SPACE's slot (redis-queue-keys.ts). A
 * heartbeat is one MULTI (HSET info + ZADD beats), so the hash and the zset name the same workers;
 * reads go through the zset (ZREVRANGEBYSCORE, bounded) and HMGET; forgetting silent entries is
 * workers-forget.lua; a dead worker is LPUSH + LTRIM in one MULTI.
 */
export class RedisWorkerDirectory extends WorkerDirectory {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisQueueKeys,
    private readonly run: RunScript,
    private readonly call: Call,
    private readonly clock: Clock,
    /** A queue's keys: the per-queue registry (`workers`, a zset of last heartbeats) is in the queue's slot. */
    private readonly queueKeys: (queue: string) => RedisQueueKeys,
  ) {
    super();
  }

  async register(queue: string, ...workerIds: string[]): Promise<void> {
    if (workerIds.length === 0) return;
    const now = this.clock.now();
    await this.call(() => this.redis.zadd(this.queueKeys(queue).workers, ...workerIds.flatMap((id) => [now, id])));
  }

  async unregister(queue: string, workerId: string): Promise<void> {
    await this.call(() => this.redis.zrem(this.queueKeys(queue).workers, workerId));
  }

  async silent(queue: string, silentMs: number, limit: number): Promise<string[]> {
    const before = this.clock.now() - silentMs;
    return this.call(() => this.redis.zrangebyscore(this.queueKeys(queue).workers, '-inf', `(${before}`, 'LIMIT', 0, limit));
  }

  async publish(...infos: WorkerInfo[]): Promise<void> {
    if (infos.length === 0) return;
    const now = this.clock.now();
    const fields = infos.flatMap((info) => [info.id, encodeWorkerInfo(info)]);
    const beats = infos.flatMap((info) => [now, info.id]);
    // a pipeline, not MULTI: two commands rather than four per heartbeat; an info whose beat did
    // not land is simply not listed until the next publish
    await this.call(() => this.exec(this.redis.pipeline().hset(this.keys.workerInfo, ...fields).zadd(this.keys.workerBeats, ...beats)));
  }

  async remove(workerId: string): Promise<void> {
    await this.call(() => this.exec(this.redis.multi().hdel(this.keys.workerInfo, workerId).zrem(this.keys.workerBeats, workerId)));
  }

  async live(silentMs: number, limit: number): Promise<PublishedWorker[]> {
    const cutoff = this.clock.now() - silentMs;
    const count = Math.max(0, Math.floor(limit));
    if (count === 0) return [];
    const beats = await this.call(() => this.redis.zrevrangebyscore(this.keys.workerBeats, '+inf', cutoff, 'WITHSCORES', 'LIMIT', 0, count));
    const workers = await this.withInfo(beats);
    return workers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async find(workerIds: string[]): Promise<PublishedWorker[]> {
    const ids = [...new Set(workerIds)];
    if (ids.length === 0) return [];
    const scores = await this.call(() => this.redis.zmscore(this.keys.workerBeats, ...ids));
    const beats: string[] = [];
    ids.forEach((id, i) => {
      const score = scores[i];
      if (score !== null) beats.push(id, score);
    });
    return this.withInfo(beats);
  }

  async forgetSilent(silentMs: number, limit: number): Promise<string[]> {
    return (await this.call(() => this.run('workers-forget', [Math.max(0, Math.floor(silentMs)), Math.max(0, Math.floor(limit))]))) as string[];
  }

  async recordDead(record: DeadWorkerRecord): Promise<void> {
    const text = encodeDeadWorker({ ...record, jobIds: record.jobIds.slice(0, DEAD_WORKER_JOB_IDS) });
    await this.call(() => this.exec(this.redis.multi().lpush(this.keys.deadWorkers, text).ltrim(this.keys.deadWorkers, 0, DEAD_WORKERS_KEPT - 1)));
  }

  async dead(): Promise<DeadWorkerRecord[]> {
    const texts = await this.call(() => this.redis.lrange(this.keys.deadWorkers, 0, DEAD_WORKERS_KEPT - 1));
    const records: DeadWorkerRecord[] = [];
    for (const text of texts) {
      const record = decodeDeadWorker(text);
      if (record) records.push(record);
    }
    return records;
  }

  /** `beats`: id, score pairs; the workers among them whose info reads back. */
  private async withInfo(beats: string[]): Promise<PublishedWorker[]> {
    if (beats.length === 0) return [];
    const ids: string[] = [];
    for (let i = 0; i < beats.length; i += 2) ids.push(beats[i]);
    const texts = await this.call(() => this.redis.hmget(this.keys.workerInfo, ...ids));
    const workers: PublishedWorker[] = [];
    ids.forEach((id, i) => {
      const info = decodeWorkerInfo(id, texts[i]);
      if (info) workers.push({ ...info, lastHeartbeatAt: Number(beats[2 * i + 1]) });
    });
    return workers;
  }

  /** Runs a MULTI; a command's error is thrown, the replies returned in order. */
  private async exec(multi: ReturnType<RedisClient['multi']> | ReturnType<RedisClient['pipeline']>): Promise<unknown[]> {
    const replies = (await multi.exec()) ?? [];
    return replies.map(([error, reply]) => {
      if (error) throw error;
      return reply;
    });
  }
}
