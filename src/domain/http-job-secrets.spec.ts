import { randomBytes } from 'node:crypto';
import { HttpJobSecrets, redactHttpPayload, REDACTED } from './http-job-secrets';
import { SecretBox } from './secret-box';

describe('HttpJobSecrets', () => {
  const secrets = new HttpJobSecrets(undefined, new SecretBox([randomBytes(32).toString('base64')]));
  const payload = {
    url: 'https://api.test/charge',
    headers: { Authorization: 'Bearer sk_live_abc', 'X-Api-Key': 'key-123', Cookie: 'sid=1', 'X-Trace': 'visible' },
    body: { amount: 5 },
  };

  it('seals the values of the secret headers of an http job, whatever their case, and leaves the rest as sent', () => {
    const sealed = secrets.seal('http', payload) as typeof payload;
    expect(JSON.stringify(sealed)).not.toMatch(/sk_live_abc|key-123|sid=1/);
    expect(sealed.headers['X-Trace']).toBe('visible');
    expect(sealed.url).toBe(payload.url);
    expect(sealed.body).toEqual(payload.body);
    expect(payload.headers.Authorization).toBe('Bearer sk_live_abc'); // the caller's object is not changed
    expect(secrets.open(sealed.headers)).toEqual({
      headers: payload.headers,
      sealed: ['authorization', 'x-api-key', 'cookie'],
      values: ['Bearer sk_live_abc', 'key-123', 'sid=1'],
    });
  });

  it('leaves other job types, payloads without headers, and headers without secrets as the same object', () => {
    const other = { headers: { Authorization: 'Bearer x' } };
    expect(secrets.seal('report', other)).toBe(other);
    const noHeaders = { url: 'https://a.test/' };
    expect(secrets.seal('http', noHeaders)).toBe(noHeaders);
    const plain = { url: 'https://a.test/', headers: { 'X-Trace': '1' } };
    expect(secrets.seal('http', plain)).toBe(plain);
  });

  it('honours HTTP_SECRET_HEADERS, and seals a value that merely looks sealed so it reaches the server as written', () => {
    const custom = new HttpJobSecrets(['x-signature']);
    const sealed = custom.seal('http', { url: 'https://a.test/', headers: { 'X-Signature': 'sig', Authorization: 'Bearer x', 'X-Odd': 'claimq-secret:v1:plain:eA' } }) as {
      headers: Record<string, string>;
    };
    expect(sealed.headers.Authorization).toBe('Bearer x');
    expect(sealed.headers['X-Signature']).not.toBe('sig');
    expect(custom.open(sealed.headers).headers).toEqual({ 'X-Signature': 'sig', Authorization: 'Bearer x', 'X-Odd': 'claimq-secret:v1:plain:eA' });
  });

  it('names the header whose sealed value does not open, not the value', () => {
    const sealed = secrets.seal('http', payload) as typeof payload;
    const moved = { Authorization: sealed.headers['X-Api-Key'] };
    expect(() => secrets.open(moved)).toThrow(/^header Authorization: sealed with key \w+ but does not open/);
  });

  it('redacts sealed values in the view of a job, encrypted or not', () => {
    for (const box of [secrets, new HttpJobSecrets()]) {
      const view = redactHttpPayload('http', box.seal('http', payload)) as typeof payload;
      expect(view.headers).toEqual({ Authorization: REDACTED, 'X-Api-Key': REDACTED, Cookie: REDACTED, 'X-Trace': 'visible' });
      expect(view.body).toEqual(payload.body);
    }
    expect(redactHttpPayload('http', payload)).toBe(payload);
    expect(redactHttpPayload('report', { headers: { a: 'claimq-secret:v1:plain:eA' } })).toEqual({ headers: { a: 'claimq-secret:v1:plain:eA' } });
  });
});
