import Redis from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisWakeWaiter } from '../../src/modules/queue/redis/redis-wake-waiter';
import { RedisServer } from '../support/redis-server';

describe('RedisWakeWaiter', () => {
  let server: RedisServer;
  let admin: Redis;
  let redis: Redis;
  let waiter: RedisWakeWaiter;

  beforeAll(async () => {
    server = await RedisServer.start();
    admin = new Redis(server.port, '127.0.0.1');
  });
  beforeEach(() => {
    redis = createRedisClient(server.url);
    waiter = new RedisWakeWaiter(redis);
  });
  afterEach(async () => {
    await waiter.close();
    redis.disconnect();
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });

  /** Client ids blocked in BLPOP right now. */
  async function blockedClients(): Promise<string[]> {
    const list = String(await admin.client('LIST')).split('\n');
    return list.filter((line) => line.includes('cmd=blpop')).map((line) => /id=(\d+)/.exec(line)?.[1] ?? '');
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((r) => setTimeout(r, 10));
  }

  it('ends a wait on abort and keeps its connection for the next wait', async () => {
    const duplicate = vi.spyOn(redis, 'duplicate');
    const first = new AbortController();
    const waiting = waiter.wait('wake-a', 60_000, first.signal);
    await until(async () => (await blockedClients()).length === 1);
    const [blockedId] = await blockedClients();

    first.abort();
    await waiting; // a 60 s BLPOP: the test would time out if the abort did not end it

    const second = new AbortController();
    const waitingAgain = waiter.wait('wake-a', 60_000, second.signal);
    await until(async () => (await blockedClients()).length === 1);
    expect(await blockedClients()).toEqual([blockedId]);
    expect(duplicate).toHaveBeenCalledTimes(1);
    second.abort();
    await waitingAgain;
  });

  it('still wakes up for a pushed token after an aborted wait', async () => {
    const first = new AbortController();
    const waiting = waiter.wait('wake-b', 60_000, first.signal);
    await until(async () => (await blockedClients()).length === 1);
    first.abort();
    await waiting;

    const woken = waiter.wait('wake-b', 60_000);
    await until(async () => (await blockedClients()).length === 1);
    await admin.lpush('wake-b', '1');
    await woken;
    await expect(admin.llen('wake-b')).resolves.toBe(0);
  });
});
