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
