import { E2eApp, startE2eApp } from './e2e-app';

const KEY_A = 'key-a-0123456789abcdef';
const KEY_B = 'key-b-fedcba9876543210';

describe('API keys (API_KEYS)', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: `${KEY_A}, ${KEY_B}` });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a request without a key with a 401 JSON body', async () => {
    const res = await e2e.http().get('/jobs').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'missing Authorization: Bearer <api key>', code: 'unauthorized' });
  });

  it('refuses a wrong key, another scheme, and a key that is only a prefix', async () => {
    await e2e.http().get('/queues').set('Authorization', 'Bearer nope-nope-nope-nope-nope').expect(401);
    await e2e.http().get('/queues').set('Authorization', `Basic ${KEY_A}`).expect(401);
    await e2e.http().get('/queues').set('Authorization', `Bearer ${KEY_A.slice(0, -1)}`).expect(401);
    await e2e.http().post('/jobs').send({ type: 'x' }).expect(401);
  });

  it('accepts every configured key', async () => {
    await e2e.http().get('/jobs').set('Authorization', `Bearer ${KEY_A}`).expect(200);
    await e2e.http().post('/jobs').set('Authorization', `bearer ${KEY_B}`).send({ type: 'x' }).expect(201);
  });

  it('leaves the probes and the metrics open, and protects the OpenAPI document', async () => {
    await e2e.http().get('/health/live').expect(200);
    await e2e.http().get('/health/ready').expect(200);
    await e2e.http().get('/metrics').expect(200);
    await e2e.http().get('/docs-json').expect(401);
    await e2e.http().get('/docs-json').set('Authorization', `Bearer ${KEY_A}`).expect(200);
  });
});

describe('without API_KEYS', () => {
  it('leaves the API open', async () => {
    const e2e = await startE2eApp({ JOB_STORE: 'memory' });
    try {
      await e2e.http().get('/jobs').expect(200);
    } finally {
      await e2e.close();
    }
  });
});
