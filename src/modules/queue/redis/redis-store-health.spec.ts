import { RedisServerInfo, versionAtLeast } from './redis-server-info';
import { RedisStoreHealth } from './redis-store-health';

const store = (info: Partial<RedisServerInfo>) => ({
  ping: async () => undefined,
  serverInfo: async (): Promise<RedisServerInfo> => ({ version: '7.0.15', maxmemory: 0, maxmemoryPolicy: 'noeviction', ...info }),
});

describe('RedisStoreHealth', () => {
  it('stops the start on a Redis older than 7.0, naming both versions', async () => {
    const health = new RedisStoreHealth('redis', store({ version: '6.2.14' }), false);
    await expect(health.checkAtStart()).rejects.toThrow('claimq needs Redis 7.0.0 or later (its scripts use #!lua flags); this server is Redis 6.2.14');
    await expect(health.settings()).resolves.toMatchObject({ unfit: expect.stringContaining('6.2.14') });
  });

  it('starts on Redis 7.0 and later', async () => {
    for (const version of ['7.0.0', '7.2.4', '8.0.1']) {
      await expect(new RedisStoreHealth('redis', store({ version }), false).checkAtStart()).resolves.toBeUndefined();
    }
  });

  it('compares versions numerically', () => {
    expect(versionAtLeast('7.10.0', '7.2.0')).toBe(true);
    expect(versionAtLeast('6.99.99', '7.0.0')).toBe(false);
    expect(versionAtLeast('7.0', '7.0.0')).toBe(true);
  });
});
