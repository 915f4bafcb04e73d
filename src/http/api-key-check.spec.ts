import { ApiKeyCheck } from './api-key-check';

describe('ApiKeyCheck', () => {
  const check = new ApiKeyCheck(['first-key-0123456789', 'second-key-0123456789']);

  it('accepts each configured key and nothing else', () => {
    expect(check.accepts('first-key-0123456789')).toBe(true);
    expect(check.accepts('second-key-0123456789')).toBe(true);
    expect(check.accepts('first-key-012345678')).toBe(false);
    expect(check.accepts('')).toBe(false);
  });

  it('is off without keys', () => {
    expect(new ApiKeyCheck([]).enabled).toBe(false);
    expect(check.enabled).toBe(true);
  });
});
