import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ScheduleModule } from '@nestjs/schedule';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/config/app-config';
import { JobEvent } from '../../src/domain/job-event';
import { HistoryModule } from '../../src/modules/history/history.module';
import { HistoryDatabase } from '../../src/modules/history/history-database';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { HistoryQueryService } from '../../src/modules/history/query/history-query.service';
import { Outbox } from '../../src/modules/queue/outbox';
import { JobAdmin } from '../../src/modules/queue/job-admin';
import { MemoryEventLog } from '../../src/modules/queue/memory/memory-event-log';
import { MemoryJobEventSources } from '../../src/modules/queue/events/memory-job-event-sources';
import { RedisEngine } from '../../src/modules/queue/redis/redis-engine';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { StoreUnavailableError } from '../../src/domain/errors';
import { CLOCK, systemClock } from '../../src/domain/clock';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { T0, everyKindScript, fixtureId } from './job-event.fixtures';
import { eventually } from '../support/eventually';

/**
 * Stands in for QueueModule: a global Outbox whose events come from `log` (the memory store's
 * kind of event log), or a real Redis store's streams when one is given.
 */
function queueStub(config: AppConfig, log: MemoryEventLog, redisStore?: RedisEngine) {
  const outbox = redisStore?.outbox ?? { sources: () => new MemoryJobEventSources(log), backlog: async (queue: string) => log.backlogOf(queue) };
  const admin = redisStore?.admin ?? { queues: async () => ['mail'] };
  @Global()
  @Module({
    // the app's ClaimqModule imports it once for every scheduled pass (history's partition upkeep is one)
    imports: [ScheduleModule.forRoot()],
    providers: [
      { provide: AppConfig, useValue: config },
      { provide: Outbox, useValue: outbox },
      { provide: JobAdmin, useValue: admin },
      { provide: CLOCK, useValue: systemClock },
    ],
    exports: [AppConfig, Outbox, JobAdmin, CLOCK],
  })
  class QueueStubModule {}
  return QueueStubModule;
}


describe('HistoryModule', () => {
  it('is an empty module when DATABASE_URL is unset: nothing to connect to', () => {
    const module = HistoryModule.forRoot(false);
    expect(module.imports ?? []).toEqual([]);
    expect(module.providers ?? []).toEqual([]);
    expect(module.exports ?? []).toEqual([]);
  });

  describe('with DATABASE_URL and DB_MIGRATE=true', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.drop();
    });

    it('migrates, drains the memory store events and answers history queries', async () => {
      // retention off: the jobs here are from T0, long past the default 30 days, and the partition
      // upkeep (started with the module) would delete their rows as it should
      const config = AppConfig.from({ DATABASE_URL: db.url, DB_MIGRATE: 'true', HISTORY_BATCH: '7', HISTORY_RETENTION_DAYS: '0' });
      const log = new MemoryEventLog();
      const app = await Test.createTestingModule({ imports: [queueStub(config, log), HistoryModule.forRoot(true)] }).compile();
      await app.init();
      try {
        const [one, two] = [fixtureId('mail', 'module-1'), fixtureId('mail', 'module-2', T0 + 1)];
        log.append('mail', everyKindScript('mail', one).events.map((e) => e.event));
        log.append('mail', [{ k: 'enqueued', id: two, st: 'pending', att: 0, at: T0 + 1, type: 'sms', prio: 0, ctime: T0 + 1, max: 3 } as JobEvent]);
        const history = app.get(HistoryQueryService);
        await eventually(async () => expect((await history.findJob(one))?.status).toBe('succeeded'));
        await expect(history.findJob(one)).resolves.toMatchObject({
          queue: 'mail', type: 'email', attempts: 1, maxAttempts: 3, workerId: 'w5', result: { sent: true, n: 2 }, createdAt: T0,
        });
        await expect(history.findJob('nope')).resolves.toBeNull();
        await expect(history.listAttempts(one)).resolves.toMatchObject([
          { attempt: 1, outcome: 'failed', workerId: 'w1', error: 'boom 1' },
          { attempt: 2, outcome: 'released', workerId: 'w2' },
          { attempt: 2, outcome: 'expired', workerId: 'w3', error: 'lease expired' },
          { attempt: 3, outcome: 'failed', workerId: 'w4', error: 'boom 3' },
          { attempt: 1, outcome: 'succeeded', workerId: 'w5' },
        ]);
        await eventually(async () => expect(await history.findJob(two)).not.toBeNull());
      } finally {
        await app.close();
      }
      expect(app.get(HistoryDatabase).source.isInitialized).toBe(false);
    });
  });

  it('drains the Redis event stream of every queue the store knows when JOB_STORE=redis', async () => {
    const db = await createTestDatabase();
    const prefix = `claimq-test-${process.pid}-${Date.now()}`;
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const config = AppConfig.from({
      DATABASE_URL: db.url, DB_MIGRATE: 'true', HISTORY_RETENTION_DAYS: '0', JOB_STORE: 'redis', REDIS_PREFIX: prefix, REDIS_URL: process.env.TEST_REDIS_URL,
    });
    const store = new RedisEngine({ redis: createRedisClient(config.redisUrl), prefix, configuredQueues: ['mail'] });
    const app = await Test.createTestingModule({ imports: [queueStub(config, new MemoryEventLog(), store), HistoryModule.forRoot(true)] }).compile();
    await app.init();
    try {
      const id = fixtureId('mail', 'module-redis');
      const events = everyKindScript('mail', id).events.map((e) => e.event);
      await redis.xadd(`${prefix}:{mail}:events`, '*', 'e', JSON.stringify(events));
      const history = app.get(HistoryQueryService);
      await eventually(async () => expect((await history.findJob(id))?.status).toBe('succeeded'));
    } finally {
      await app.close();
      await store.close();
      await redis.del(`${prefix}:{mail}:events`, `${prefix}:{default}:events`);
      redis.disconnect();
      await db.drop();
    }
  });

  it('starts with Postgres unreachable and answers queries with StoreUnavailableError', async () => {
    const config = AppConfig.from({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await Test.createTestingModule({ imports: [queueStub(config, new MemoryEventLog()), HistoryModule.forRoot(true)] }).compile();
    await app.init();
    try {
      await expect(app.get(HistoryQueryService).findJob('x')).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await app.close();
    }
  });

  it('takes sslmode from DATABASE_URL (pg parses it)', async () => {
    const plain = new DataSource(historyDataSourceOptions('postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'));
    await plain.initialize();
    await expect(plain.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
    await plain.destroy();
    // The shared test server has no TLS: asking for it in the URL must be honoured, and fail.
    const tls = new DataSource(historyDataSourceOptions('postgres://postgres@127.0.0.1:5432/postgres?sslmode=verify-full'));
    await expect(tls.initialize()).rejects.toThrow(/SSL/i);
  });
});
