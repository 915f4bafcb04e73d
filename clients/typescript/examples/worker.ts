/**
 * A claimq worker: runs the jobs of one queue, returning each job's payload as its result, until
 * SIGTERM or SIGINT; then it drains (running jobs finish within the grace, the rest go back to the
 * queue) and exits. From the repository root:
 *
 *   CLAIMQ_URL=http://localhost:3000 CLAIMQ_QUEUE=emails \
 *     node_modules/.bin/node -r @swc-node/register clients/typescript/examples/worker.ts
 *
 * CLAIMQ_API_KEY: a write or worker key, when the service has keys. CLAIMQ_CONCURRENCY: jobs at
 * once (default 10). CLAIMQ_EXAMPLE_SLEEP_MS: how long each job takes (default 0).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from '../src';

const sleepMs = Number(process.env.CLAIMQ_EXAMPLE_SLEEP_MS ?? 0);

const worker = new Worker({
  baseUrl: process.env.CLAIMQ_URL ?? 'http://localhost:3000',
  apiKey: process.env.CLAIMQ_API_KEY,
  queue: process.env.CLAIMQ_QUEUE ?? 'default',
  concurrency: Number(process.env.CLAIMQ_CONCURRENCY ?? 10),
  handler: async (job, { signal }) => {
    // the signal aborts on a cancel, a lost lease, the job's timeout, or the end of the shutdown grace
    if (sleepMs > 0) await sleep(sleepMs, undefined, { signal });
    console.log(`processed ${job.id}`);
    return job.payload;
  },
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (!stopping) {
      stopping = true;
      console.error(`${signal}: draining`);
      void worker.stop();
    } else {
      // a second signal: give up on the drain (the jobs' leases bring them back)
      process.exit(130);
    }
  });
}

worker.run().then(
  () => console.error('stopped'),
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
