import Redis from 'ioredis';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { RedisServer } from '../support/redis-server';

describe('createRedisClient (REDIS_URL)', () => {
  let server: RedisServer;

  beforeAll(async () => {
    server = await RedisServer.start();
    const admin = new Redis(server.port, '127.0.0.1');
    await admin.config('SET', 'requirepass', 's3cret-pass');
    admin.disconnect();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('authenticates with the password of the URL', async () => {
    const client = createRedisClient(`redis://:s3cret-pass@127.0.0.1:${server.port}/2`);
    try {
      await expect(client.ping()).resolves.toBe('PONG');
      expect(client.options.db).toBe(2);
    } finally {
      client.disconnect();
    }
  });

  it('speaks RESP2 on the store connection and its duplicates', async () => {
    const client = createRedisClient(`redis://:s3cret-pass@127.0.0.1:${server.port}`);
    const blocking = client.duplicate();
    try {
      expect(await client.client('INFO')).toMatch(/\bresp=2\b/);
      expect(await blocking.client('INFO')).toMatch(/\bresp=2\b/);
    } finally {
      client.disconnect();
      blocking.disconnect();
    }
  });

  it('fails without it', async () => {
    const client = createRedisClient(`redis://127.0.0.1:${server.port}`);
    try {
      await expect(client.ping()).rejects.toThrow(/NOAUTH/);
    } finally {
      client.disconnect();
    }
  });

  it('turns TLS on for rediss:// and keeps it off for redis://', () => {
    const tls = createRedisClient('rediss://:pw@redis.example:6380', { lazyConnect: true });
    const plain = createRedisClient('redis://redis.example:6379', { lazyConnect: true });
    expect(tls.options.tls).toBeDefined();
    expect(tls.options.password).toBe('pw');
    expect(plain.options.tls).toBeUndefined();
    tls.disconnect();
    plain.disconnect();
  });
});

describe('createRedisClient (commands in flight when the connection drops)', () => {
  let server: RedisServer;
  let admin: Redis;

  beforeAll(async () => {
    server = await RedisServer.start();
    admin = new Redis(server.port, '127.0.0.1');
  });
  afterAll(async () => {
    admin?.disconnect();
    await server?.stop();
  });

  it('never re-sends a command after a reconnect, and keeps failing fast', () => {
    const client = createRedisClient('redis://127.0.0.1:6379', { lazyConnect: true, autoResendUnfulfilledCommands: true });
    expect(client.options.autoResendUnfulfilledCommands).toBe(false);
    expect(client.options.maxRetriesPerRequest).toBe(1);
    client.disconnect();
  });

  it('fails a command that was in flight when the connection dropped instead of running it again after the reconnect', async () => {
    const client = createRedisClient(server.url);
    try {
      const id = await client.client('ID');
      const key = 'in-flight-when-dropped';
      const inFlight = client.blpop(key, 5).then(
        (value) => ({ value }),
        (error: Error) => ({ error }),
      );
      await waitUntil(async () => String(await admin.client('LIST')).split('\n').some((line) => line.includes(`id=${id} `) && line.includes('cmd=blpop')));
      await admin.client('KILL', 'ID', String(id));
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([inFlight, new Promise((resolve) => (timer = setTimeout(() => resolve('still pending'), 3_000)))]);
      clearTimeout(timer);
      expect(outcome).toEqual({ error: expect.objectContaining({ message: expect.stringMatching(/^Connection is closed/) }) });

      // after the reconnect, nothing of the old command runs: the value pushed now stays in the list
      await waitUntil(() => client.status === 'ready');
      await expect(client.ping()).resolves.toBe('PONG');
      await admin.lpush(key, 'x');
      await new Promise((r) => setTimeout(r, 100));
      await expect(admin.llen(key)).resolves.toBe(1);
    } finally {
      client.disconnect();
    }
  });
});

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
