import { Queue, QueueEvents, Worker } from 'bullmq';
import { BENCH_QUEUE, BenchSystem, payloadTime, UnfinishedJobs, WorkerHooks } from './bench-system';

/**
 * BullMQ as its docs recommend for throughput: Queue.addBulk of lean jobs (no per-job options:
 * what to remove is the Worker's setting), a Worker with `concurrency` C and
 * removeOnComplete/removeOnFail, its own connection with maxRetriesPerRequest null; stalled-job
 * checks (every 30 s) and lock renewal stay on (their defaults), as claimq's leases and reaper do.
 * Beside the Worker a QueueEvents listener on `completed`, as a BullMQ deployment that watches
 * completions runs one (its blocking XREAD counts in every phase from the worker's start on).
 */
export class BullmqSystem implements BenchSystem {
  readonly name = 'bullmq';
  private readonly connection: { host: string; port: number };
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private events: QueueEvents | undefined;
  private running: Promise<void> | undefined;
  /** What the QueueEvents listener saw (read by nothing: the listener stands for a deployment's own). */
  private completedEvents = 0;

  constructor(port: number) {
    this.connection = { host: '127.0.0.1', port };
    this.queue = new Queue(BENCH_QUEUE, { connection: this.connection });
    this.queue.on('error', (err) => process.stderr.write(`[bullmq queue error] ${err.message}\n`));
  }

  async enqueueBulk(count: number, chunk: number): Promise<void> {
    for (let i = 0; i < count; i += chunk) {
      const size = Math.min(chunk, count - i);
      const jobs = new Array(size);
      for (let k = 0; k < size; k++) jobs[k] = { name: 'noop', data: { i: i + k } };
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
    const events = new QueueEvents(BENCH_QUEUE, { connection: this.connection });
    events.on('completed', () => void this.completedEvents++);
    events.on('error', (err) => process.stderr.write(`[bullmq events error] ${err.message}\n`));
    await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
    this.worker = worker;
    this.events = events;
  }

  runWorker(): void {
    if (!this.worker) throw new Error('prepareWorker first');
    this.running = this.worker.run();
  }

  async addOne(sentAt: number): Promise<void> {
    await this.queue.add('noop', { t: sentAt });
  }

  /** getJobCounts() of every state but `completed` (removed at once here anyway). */
  async unfinishedJobs(): Promise<UnfinishedJobs> {
    const { completed: _completed, ...rest } = await this.queue.getJobCounts();
    return rest;
  }

  async close(): Promise<void> {
    if (this.worker) await this.worker.close();
    await this.running;
    await this.events?.close();
    await this.queue.close();
  }
}
