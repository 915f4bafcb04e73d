import { AppConfig } from '../config/app-config';
import { openAccessWarning } from './open-access-warning';

describe('openAccessWarning', () => {
  it.each(['127.0.0.1', '::1', 'localhost'])('is silent on loopback (%s)', (HOST) => {
    expect(openAccessWarning(AppConfig.from({ HOST }))).toBeUndefined();
  });

  it('warns beyond loopback without API_KEYS, and not with them', () => {
    expect(openAccessWarning(AppConfig.from({ HOST: '0.0.0.0' }))).toMatch(/no API_KEYS/);
    expect(openAccessWarning(AppConfig.from({ HOST: '0.0.0.0', API_KEYS: 'a-long-enough-key-123' }))).toBeUndefined();
  });
});
