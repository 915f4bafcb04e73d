import { randomBytes } from 'node:crypto';
import { AppConfig } from './app-config';
import { secretsAtRestWarning } from './secrets-at-rest-warning';

describe('secretsAtRestWarning', () => {
  it('warns on the Redis store without SECRETS_KEYS, and not with them or on the memory store', () => {
    expect(secretsAtRestWarning(AppConfig.from({ JOB_STORE: 'redis' }))).toMatch(/no SECRETS_KEYS: .* stored unencrypted in Redis/);
    expect(secretsAtRestWarning(AppConfig.from({ JOB_STORE: 'redis', SECRETS_KEYS: randomBytes(32).toString('hex') }))).toBeUndefined();
    expect(secretsAtRestWarning(AppConfig.from({ JOB_STORE: 'memory' }))).toBeUndefined();
  });
});
