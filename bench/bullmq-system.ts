import { Queue, Worker } from 'bullmq';
import { BENCH_QUEUE, BenchSystem, payloadTime, WorkerHooks } from './bench-system';

/**
 * BullMQ as its docs recommend for throughput: Queue.addBulk, a Worker with `concurrency` C,
 * finished jobs removed (removeOnComplete/removeOnFail on the jobs and the worker), the worker's
 * own connection with maxRetriesPerRequest null. Stalled-job checks and lock renewal stay on
 * (their defaults), as claimq's leases do.
 */
export class BullmqSystem implements BenchSystem {
  readonly name = 'bullmq';
  private readonly connection: { host: string; port: number };
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private running: Promise<void> | undefined;

  constructor(port: number) {
    this.connection = { host: '127.0.0.1', port };
    this.queue = new Queue(BENCH_QUEUE, { connection: this.connection });
    this.queue.on('error', (err) => process.stderr.write(`[bullmq queue error] ${err.message}\n`));
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    const opts = { removeOnComplete: true, removeOnFail: true };
    for (let i = 0; i < count; i += chunk) {
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) jobs[k] = { name: 'noop', data: { i: i + k }, opts };
      await this.queue.addBulk(jobs);
    }
  }

  async prepareWorker(concurrency: number, hooks: WorkerHooks): Promise<void> {
    const worker = new Worker(
      BENCH_QUEUE,
      async (job) => {
        if (job.data.t !== undefined) hooks.started(payloadTime(job.data));
        return null;
      },
      {
        connection: { ...this.connection, maxRetriesPerRequest: null },
        concurrency,
        autorun: false,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 0 },
      },
    );
    worker.on('completed', () => hooks.completed(1));
    worker.on('error', (err) => process.stderr.write(`[bullmq error] ${err.message}\n`));
    await worker.waitUntilReady();
    this.worker = worker;
  }

  runWorker(): void {
    if (!this.worker) throw new Error('prepareWorker first');
    this.running = this.worker.run();
  }

  async addOne(sentAt: number): Promise<void> {
    await this.queue.add('noop', { t: sentAt }, { removeOnComplete: true, removeOnFail: true });
  }

  async close(): Promise<void> {
    if (this.worker) await this.worker.close();
    await this.running;
    await this.queue.close();
  }
}
