/**
 * npm run bench:compare: claimq, BullMQ and Bee-Queue side by side, in turns, on one private
 * redis-server on a free port (flushed between systems), same N, concurrency and no-op handlers.
 * See measure-system.ts for the phases. Table on stderr, ONE JSON line on stdout:
 * {"claimq": {...}, "bullmq": {...}, "beequeue": {...}}, where claimq runs with
 * SUCCEEDED_RETENTION_MS=0 (deleted at completion, as the peers run with removeOnComplete /
 * removeOnSuccess); the table also shows claimq_retained (the service default, kept 24 h), which
 * the JSON line leaves out.
 * BENCH_N (100000), BENCH_C (50), BENCH_SYSTEMS, BENCH_IDLE_S (10), BENCH_PICKUP_SAMPLES (200).
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { RedisServer } from '../test/support/redis-server';
import { benchSettings } from './bench-settings';
import { createSystem, isSystemName } from './bench-systems';
import { figuresTable } from './figures-table';
import { machineDescription } from './machine';
import { measureSystem, SystemFigures } from './measure-system';

async function main(): Promise<void> {
  const settings = benchSettings();
  const unknown = settings.systems.filter((name) => !isSystemName(name));
  if (unknown.length > 0) throw new Error(`BENCH_SYSTEMS: unknown ${unknown.join(', ')}`);
  const server = await RedisServer.start();
  const admin = new Redis(server.port, '127.0.0.1');
  const results: Record<string, SystemFigures> = {};
  try {
    process.stderr.write(`bench:compare N=${settings.n} C=${settings.concurrency} on ${await machineDescription(admin)}\n`);
    for (const name of settings.systems.filter(isSystemName)) {
      await admin.flushall();
      process.stderr.write(`${name}...\n`);
      results[name] = await measureSystem(createSystem(name, server.port), admin, settings);
    }
    process.stderr.write(`${figuresTable(results)}\n`);
    const json = Object.fromEntries(Object.entries(results).filter(([name]) => name !== 'claimq_retained'));
    process.stdout.write(`${JSON.stringify(json)}\n`);
  } finally {
    admin.disconnect();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  },
);
