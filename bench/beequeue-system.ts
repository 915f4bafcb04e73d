import BeeQueue from 'bee-queue';
import { BENCH_QUEUE, BenchSystem, payloadTime, UnfinishedJobs, WorkerHooks } from './bench-system';

/** Bee-Queue's default stallInterval, and the check interval its README pairs with it (<= stallInterval). */
const STALL_INTERVAL_MS = 5_000;

/**
 * Bee-Queue as its README recommends for throughput: a producer queue that is not a worker and
 * neither sends nor gets events, jobs saved with saveAll (one pipelined batch per chunk); a worker
 * queue with removeOnSuccess/removeOnFailure, storeJobs/getEvents/sendEvents off, `process(C)`,
 * the periodic checkStalledJobs its README asks every deployment to run (every stallInterval,
 * 5 s; claimq and BullMQ recover stalled jobs by themselves), and activateDelayedJobs, so that it
 * promotes delayed jobs as claimq's instance and BullMQ's worker do without being asked (Bee-Queue
 * leaves it off by default; on, it subscribes to one channel and re-checks every nearTermWindow).
 */
export class BeeQueueSystem implements BenchSystem {
  readonly name = 'beequeue';
  private readonly redis: { host: string; port: number };
  private readonly producer: BeeQueue;
  private worker: BeeQueue | undefined;
  private concurrency = 1;
  private handler: ((job: BeeQueue.Job<Record<string, number>>) => Promise<null>) | undefined;

  constructor(port: number) {
    this.redis = { host: '127.0.0.1', port };
    this.producer = new BeeQueue(BENCH_QUEUE, {
      redis: this.redis,
      isWorker: false,
      getEvents: false,
      sendEvents: false,
      storeJobs: false,
    });
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    await this.producer.ready();
    for (let i = 0; i < count; i += chunk) {
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) jobs[k] = this.producer.createJob({ i: i + k });
      const errors = await this.producer.saveAll(jobs);
      if (errors.size > 0) throw [...errors.values()][0];
    }
  }

  async prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void> {
    const worker = new BeeQueue(BENCH_QUEUE, {
      redis: this.redis,
      isWorker: true,
      getEvents: false,
      sendEvents: false,
      storeJobs: false,
      removeOnSuccess: true,
      removeOnFailure: true,
      stallInterval: STALL_INTERVAL_MS,
      activateDelayedJobs: true,
    });
    worker.on('succeeded', () => hooks.completed(1));
    worker.on('error', (err) => process.stderr.write(`[bee-queue error] ${err.message}\n`));
    await worker.ready();
    this.handler = async (job) => {
      if (job.data.t !== undefined) hooks.started(payloadTime(job.data));
      return null;
    };
    this.worker = worker;
    this.concurrency = concurrency;
  }

  runWorker(): void {
    const { worker, handler } = this;
    if (!worker || !handler) throw new Error('prepareWorker first');
    worker.process(this.concurrency, handler);
    void worker.checkStalledJobs(STALL_INTERVAL_MS);
  }

  async addOne(sentAt: number): Promise<void> {
    await this.producer.createJob({ t: sentAt }).save();
  }

  /** checkHealth(): every count but `succeeded` (removed at once here anyway) and `newestJob` (an id). */
  async unfinishedJobs(): Promise<UnfinishedJobs> {
    const { waiting, active, delayed, failed } = await this.producer.checkHealth();
    return { waiting, active, delayed, failed };
  }

  async close(): Promise<void> {
    if (this.worker) await this.worker.close();
    await this.producer.close();
  }
}
