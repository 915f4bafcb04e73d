import { redactedUrl } from './redacted-url';

describe('redactedUrl (url.full of an http call span)', () => {
  it('keeps a URL without credentials or query as it is, less its fragment', () => {
    expect(redactedUrl(new URL('https://api.example.com:8443/v1/hooks#part'))).toBe('https://api.example.com:8443/v1/hooks');
    expect(redactedUrl(new URL('http://127.0.0.1/'))).toBe('http://127.0.0.1/');
  });

  it('replaces credentials and every query value, keeping the keys; a bare entry goes whole', () => {
    expect(redactedUrl(new URL('https://user:pa55@api.example.com/x?sig=abc&user=me&flag=&tok3n'))).toBe(
      'https://REDACTED:REDACTED@api.example.com/x?sig=REDACTED&user=REDACTED&flag=REDACTED&REDACTED',
    );
    expect(redactedUrl(new URL('https://only-user@api.example.com/'))).toBe('https://REDACTED:REDACTED@api.example.com/');
  });
});
