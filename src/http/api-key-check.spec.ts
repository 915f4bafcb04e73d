import { createHash } from 'node:crypto';
import { ApiKeyCheck, apiKeyId } from './api-key-check';

const WRITE_A = 'first-key-0123456789';
const WRITE_B = 'second-key-0123456789';
const READ = 'reader-key-0123456789';

describe('ApiKeyCheck', () => {
  const check = new ApiKeyCheck([WRITE_A, WRITE_B], [READ]);

  it('gives each configured key its access and id, and nothing else any', () => {
    expect(check.identify(WRITE_A)).toEqual({ access: 'write', keyId: apiKeyId(WRITE_A) });
    expect(check.identify(WRITE_B)).toEqual({ access: 'write', keyId: apiKeyId(WRITE_B) });
    expect(check.identify(READ)).toEqual({ access: 'read', keyId: apiKeyId(READ) });
    expect(check.identify(WRITE_A.slice(0, -1))).toBeUndefined();
    expect(check.identify(`${READ} `)).toBeUndefined();
    expect(check.identify('')).toBeUndefined();
  });

  it('is off without keys, and on with read-only keys alone', () => {
    expect(new ApiKeyCheck([]).enabled).toBe(false);
    expect(new ApiKeyCheck([], []).enabled).toBe(false);
    const readOnly = new ApiKeyCheck([], [READ]);
    expect(readOnly.enabled).toBe(true);
    expect(readOnly.identify(READ)?.access).toBe('read');
    expect(readOnly.identify(WRITE_A)).toBeUndefined();
  });
});

describe('apiKeyId', () => {
  it('is k_ and the first 12 hex characters of the key\'s sha256, never the key', () => {
    const sha = createHash('sha256').update(WRITE_A).digest('hex');
    expect(apiKeyId(WRITE_A)).toBe(`k_${sha.slice(0, 12)}`);
    expect(apiKeyId(WRITE_A)).toMatch(/^k_[0-9a-f]{12}$/);
    expect(apiKeyId(WRITE_A)).not.toBe(apiKeyId(WRITE_B));
  });
});
