/**
 * npm run bench:refresh: refreshing N dirty executions with 5 refresher processes over one Redis
 * that the bench starts itself, two ways:
 *   naive  every instance SCANs all execution keys and refreshes each (HGETALL + one statement):
 *          the design that spiked Redis CPU (SCAN is used here only, to reproduce it);
 *   claimq each instance claims batches from the refresh set with the real refresh script
 *          (ExecutionRefresher: one claim script, one statement, one ack script per batch).
 * The database is a counted statement sink (no PostgreSQL): each refresher counts the statements
 * it would send. Prints one JSON line.
 * BENCH_N (default 1,000,000), BENCH_REFRESHERS (5), REFRESH_BATCH (500).
 */
import 'reflect-metadata';
import { JOB_STATUSES } from '../src/domain/job';
import { newExecutionId } from '../src/domain/execution';
import { createRedisClient } from '../src/modules/queue/redis/redis-connection';
import { RedisQueueKeys } from '../src/modules/queue/redis/redis-queue-keys';
import { RedisServer } from '../test/support/redis-server';
import { RefresherProcess, RefresherReport } from '../test/support/refresher-processes';
import { diff, snapshot } from './redis-stats';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const REFRESHERS = Number(process.env.BENCH_REFRESHERS ?? 5);
const BATCH = Number(process.env.REFRESH_BATCH ?? 500);
const PREFIX = 'bench';
const QUEUE = 'bench';
const CHUNK = 5_000;

async function main(): Promise<void> {
  const server = await RedisServer.start();
  const admin = createRedisClient(server.url);
  try {
    const keys = new RedisQueueKeys(PREFIX, QUEUE);
    const now = Date.now();
    // N dirty executions of 3 finished jobs each, written as the scripts leave them.
    for (let i = 0; i < N; i += CHUNK) {
      const pipeline = admin.pipeline();
      const ids: string[] = [];
      for (let k = 0; k < Math.min(CHUNK, N - i); k++) {
        const id = newExecutionId(QUEUE, now);
        ids.push(id);
        const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0]));
        pipeline.hset(keys.execution(id), { ...counts, succeeded: 2, failed: 1, t: 3, ct: now, ut: now, v: 5 });
      }
      pipeline.sadd(keys.refresh, ...ids);
      await pipeline.exec();
    }

    const run = async (mode: 'naive' | 'claimq') => {
      const before = await snapshot(admin);
      const started = performance.now();
      const startAt = String(Date.now() + 3000);
      const processes = Array.from(
        { length: REFRESHERS },
        (_, i) =>
          new RefresherProcess({
            MODE: mode,
            REDIS_URL: server.url,
            REDIS_PREFIX: PREFIX,
            QUEUE,
            REFRESH_BATCH: String(BATCH),
            REFRESHER_ID: `bench-${mode}-${i}`,
            START_AT: startAt,
          }),
      );
      const reports: RefresherReport[] = await Promise.all(processes.map((p) => p.report()));
      const wallSeconds = (performance.now() - started) / 1000 - 3;
      const redis = diff(await snapshot(admin), before);
      const refreshed = reports.reduce((a, r) => a + r.refreshed, 0);
      return {
        redisCommands: redis.commands,
        redisCommandsPerExecution: round(redis.commands / N, 4),
        dbStatements: reports.reduce((a, r) => a + r.statements, 0),
        refreshed,
        duplicatedRefreshes: refreshed - N,
        wallSeconds: round(wallSeconds, 2),
        redisCpuSeconds: round(redis.cpuSeconds, 2),
      };
    };

    const naive = await run('naive');
    const claimq = await run('claimq');
    process.stdout.write(
      `${JSON.stringify({
        bench: 'refresh',
        n: N,
        refreshers: REFRESHERS,
        batch: BATCH,
        database: 'counted statement sink',
        naive,
        claimq,
        goals: {
          noDuplicates: claimq.duplicatedRefreshes === 0,
          dbStatementsRatio: round(naive.dbStatements / Math.max(1, claimq.dbStatements), 1),
          commandsPerExecutionBound: round(2 / BATCH + 2, 4),
          commandsPerExecutionMet: claimq.redisCommandsPerExecution <= 2 / BATCH + 2,
        },
      })}\n`,
    );
  } finally {
    admin.disconnect();
    await server.stop();
  }
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
