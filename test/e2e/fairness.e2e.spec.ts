import { E2eApp, startE2eApp } from './e2e-app';
import { describeFairnessApi } from './fairness-api.scenarios';

describeFairnessApi('memory', () => ({ JOB_STORE: 'memory' }));

describe('fairness routes with API_KEYS set', () => {
  const KEY = 'fair-key-0123456789abcdef';
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: KEY });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses every fairness route without a key (401), before it looks at the request', async () => {
    const calls = [
      e2e.http().get('/queues/default/settings'),
      e2e.http().put('/queues/default/settings').send({ groupConcurrency: 0 }),
      e2e.http().post('/queues/default/pause'),
      e2e.http().post('/queues/default/resume'),
      e2e.http().get('/queues/default/groups'),
      e2e.http().get('/queues/default/groups/~default'),
      e2e.http().put('/queues/default/groups/g').send({ paused: true }),
    ];
    for (const call of calls) {
      const res = await call.expect(401);
      expect(res.body.code).toBe('unauthorized');
    }
  });

  it('serves them with a key', async () => {
    await e2e.http().get('/queues/default/settings').set('Authorization', `Bearer ${KEY}`).expect(200);
  });
});
