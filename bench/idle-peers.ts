/**
 * One idle instance of a peer system for bench:idle, as its own process (as each claimq instance
 * is): `node -r @swc-node/register bench/idle-peers.ts <bullmq|beequeue> <redis port> <queues>`
 * serves queues q1..q<queues> on 127.0.0.1:<port> and prints "ready" on stdout once every queue's
 * worker is running. Nothing is ever enqueued: what it sends is what an idle deployment costs.
 *
 * - bullmq: per queue a Worker (no-op processor, its connection with maxRetriesPerRequest null,
 *   every other setting BullMQ's default: stalled check every 30 s, drainDelay 5 s) and a
 *   QueueEvents listener (default settings: blocking XREAD of 10 s), as bullmq-system.ts sets up.
 * - beequeue: per queue a Queue with default settings and `.process()` of a no-op, plus the
 *   periodic checkStalledJobs(stallInterval) Bee-Queue's README asks every deployment to run, as
 *   beequeue-system.ts does (without it an idle Bee-Queue worker sends nothing: its BRPOPLPUSH
 *   blocks with no timeout).
 *
 * It exits when its stdin closes, so a bench that dies without cleaning up leaves no instance
 * behind; errors go to stderr.
 */
import BeeQueue from 'bee-queue';
import { QueueEvents, Worker } from 'bullmq';

/** Bee-Queue's default stallInterval; its README pairs checkStalledJobs with it. */
const BEEQUEUE_STALL_INTERVAL_MS = 5_000;

export const PEER_SYSTEMS = ['bullmq', 'beequeue'] as const;
export type PeerSystem = (typeof PEER_SYSTEMS)[number];

/** The queue names every system of bench:idle serves: q1..qN. */
export function queueNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `q${i + 1}`);
}

function reportError(what: string): (err: Error) => void {
  return (err) => process.stderr.write(`[${what} error] ${err.message}\n`);
}

async function startBullmq(port: number, queues: string[]): Promise<void> {
  const connection = { host: '127.0.0.1', port };
  await Promise.all(
    queues.map(async (name) => {
      const worker = new Worker(name, async () => null, { connection: { ...connection, maxRetriesPerRequest: null } });
      worker.on('error', reportError(`bullmq worker ${name}`));
      const events = new QueueEvents(name, { connection });
      events.on('error', reportError(`bullmq events ${name}`));
      await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
    }),
  );
}

async function startBeeQueue(port: number, queues: string[]): Promise<void> {
  await Promise.all(
    queues.map(async (name) => {
      const queue = new BeeQueue(name, { redis: { host: '127.0.0.1', port } });
      queue.on('error', reportError(`bee-queue ${name}`));
      await queue.ready();
      queue.process(async () => null);
      queue.checkStalledJobs(BEEQUEUE_STALL_INTERVAL_MS).catch(reportError(`bee-queue ${name} stalled check`));
    }),
  );
}

async function main(): Promise<void> {
  const [system, portArg, queuesArg] = process.argv.slice(2);
  const port = Number(portArg);
  const count = Number(queuesArg);
  if (!PEER_SYSTEMS.includes(system as PeerSystem) || !Number.isInteger(port) || !Number.isInteger(count) || count < 1) {
    throw new Error(`usage: idle-peers.ts <${PEER_SYSTEMS.join('|')}> <redis port> <queue count>, got ${process.argv.slice(2).join(' ')}`);
  }
  // the bench holds our stdin open: its end means the bench is gone
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
  if (system === 'bullmq') await startBullmq(port, queueNames(count));
  else await startBeeQueue(port, queueNames(count));
  process.stdout.write('ready\n');
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
