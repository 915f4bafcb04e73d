/**
 * One refresher instance as its own OS process, for the refresh fault test and bench:refresh.
 * Run with `node -r @swc-node/register`. Settings come from the environment (this is a test and
 * bench tool, not src):
 *   REDIS_URL, REDIS_PREFIX, QUEUE, REFRESH_BATCH, REFRESHER_ID
 *   MODE      claimq (the real refresh: batch claiming) | naive (SCAN every execution key, HGETALL
 *             and one statement each, as the design claimq replaces) | hang (claims one batch,
 *             then waits to be killed)
 *   DATABASE_URL  write to PostgreSQL (the real writer); unset: a sink that only counts statements
 *   REPORT_IDS=1  list every refreshed id in the report
 *   START_AT  epoch ms to wait for after connecting, so that several processes start together
 *   START_ON_GO=1  after connecting, print `ready` on stderr and wait for a line on stdin
 * Prints one JSON line when done: { refresherId, refreshed, statements, ids? }.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { systemClock } from '../../src/domain/clock';
import { Execution, toExecution } from '../../src/domain/execution';
import { ExecutionRefresher } from '../../src/modules/executions/execution-refresher';
import { ExecutionStatusSink, PostgresExecutionStatusWriter, RejectedExecution } from '../../src/modules/executions/execution-status.writer';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { decodeExecution } from '../../src/modules/queue/redis/redis-execution-codec';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { RedisQueueKeys } from '../../src/modules/queue/redis/redis-queue-keys';

const env = process.env;
const queue = env.QUEUE ?? 'default';
const prefix = env.REDIS_PREFIX ?? 'claimq';
const batch = Number(env.REFRESH_BATCH ?? 500);
const refresherId = env.REFRESHER_ID ?? `refresher-${process.pid}`;
const mode = env.MODE ?? 'claimq';

class CountingSink implements ExecutionStatusSink {
  statements = 0;
  constructor(private readonly inner?: ExecutionStatusSink) {}
  async write(executions: Execution[]): Promise<RejectedExecution[]> {
    this.statements++;
    return (await this.inner?.write(executions)) ?? [];
  }
}

async function main(): Promise<void> {
  const redis = createRedisClient(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const store = new RedisEngine({ redis, prefix });
  let dataSource: DataSource | undefined;
  if (env.DATABASE_URL) {
    dataSource = new DataSource(historyDataSourceOptions(env.DATABASE_URL));
    await dataSource.initialize();
  }
  const ds = dataSource;
  const sink = new CountingSink(ds ? new PostgresExecutionStatusWriter(async () => ds) : undefined);
  const ids: string[] = [];
  let refreshed = 0;
  await redis.ping();
  const startAt = Number(env.START_AT ?? 0);
  if (startAt > Date.now()) await new Promise((r) => setTimeout(r, startAt - Date.now()));
  if (env.START_ON_GO === '1') {
    // connected and loaded: say so on stderr, then wait for the test's "go" on stdin, so that
    // several processes start together however long each took to load
    process.stderr.write('ready\n');
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
    process.stdin.pause();
  }

  if (mode === 'hang') {
    const claimed = await store.executions.claimRefresh(queue, refresherId, batch);
    process.stdout.write(`${JSON.stringify({ refresherId, claimed: claimed.length })}\n`);
    await new Promise(() => undefined);
  } else if (mode === 'naive') {
    const keys = new RedisQueueKeys(prefix, queue);
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${keys.executionPrefix}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of found) {
        if (key.endsWith(':jobs')) continue;
        const id = key.slice(keys.executionPrefix.length);
        const execution = toExecution(decodeExecution(id, await redis.hgetall(key)));
        await sink.write([execution]);
        refreshed++;
        if (env.REPORT_IDS === '1') ids.push(id);
      }
    } while (cursor !== '0');
  } else {
    const refresher = new ExecutionRefresher(store.executions, store.jobs, sink, systemClock, { refresherId, batch, maxPayloadBytes: 1 << 20 });
    for (let idle = 0; idle < 3; ) {
      const done = await refresher.refreshBatch(queue);
      if (done.length === 0) {
        idle++;
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      idle = 0;
      refreshed += done.length;
      if (env.REPORT_IDS === '1') ids.push(...done.map((e) => e.id));
    }
  }

  process.stdout.write(`${JSON.stringify({ refresherId, refreshed, statements: sink.statements, ...(env.REPORT_IDS === '1' ? { ids } : {}) })}\n`);
  await store.close();
  await dataSource?.destroy();
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
