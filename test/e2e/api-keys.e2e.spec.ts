import type { Test } from 'supertest';
import { runInNewContext } from 'node:vm';
import { apiKeyId } from '../../src/http/api-key-check';
import { E2eApp, startE2eApp } from './e2e-app';

const KEY_A = 'key-a-0123456789abcdef';
const KEY_B = 'key-b-fedcba9876543210';
const READ_KEY = 'key-r-0011223344556677';

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

  it('leaves the probes, the metrics, the OpenAPI document and page and the /ui files open', async () => {
    await e2e.http().get('/health/live').expect(200);
    await e2e.http().get('/health/ready').expect(200);
    await e2e.http().get('/metrics').expect(200);
    // the document describes the API and holds no data: a browser loads it, then sends the key
    await e2e.http().get('/docs-json').expect(200);
    await e2e.http().get('/docs-json').set('Authorization', `Bearer ${KEY_A}`).expect(200);
    await e2e.http().get('/docs-yaml').expect(200);
    expect((await e2e.http().get('/docs').expect(200)).text).toContain('swagger-ui');
    expect((await e2e.http().get('/docs/').expect(200)).text).toContain('swagger-ui-init.js');
    await e2e.http().get('/docs/swagger-ui-init.js').expect(200);
    await e2e.http().get('/docs/swagger-ui-bundle.js').expect(200);
    await e2e.http().get('/docs/swagger-ui.css').expect(200);
    // the dashboard's static files (served when built, else 404): never 401
    for (const path of ['/ui', '/ui/', '/ui/assets/app.js']) {
      const res = await e2e.http().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: expect.toBeOneOf([200, 301, 304, 404]) });
    }
  });

  it('opens exactly those paths: a look-alike or a path that climbs out of them still needs a key', async () => {
    for (const path of ['/docsx', '/docs-jsonx', '/uix', '/ui/../jobs', '/docs/..%2Fjobs', '/docs/../jobs', '/DOCS-JSON', '/jobs?x=/docs']) {
      const res = await e2e.http().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: expect.toBeOneOf([401, 403, 404]) });
      expect({ path, leaked: JSON.stringify(res.body).includes('"items"') }).toEqual({ path, leaked: false });
    }
    await e2e.http().get('/jobs?x=/docs').expect(401);
    await e2e.http().get('/DOCS-JSON').expect(401);
  });
});

describe('the Swagger UI page with API keys on', () => {
  let e2e: E2eApp;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: KEY_A });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Runs the page's init script as a browser would, and returns the plugins it gives swagger-ui and the page's sessionStorage. */
  async function pagePlugins(): Promise<{ options: Record<string, unknown>; plugins: ((system?: unknown) => unknown)[]; storage: Map<string, string> }> {
    const script = (await e2e.http().get('/docs/swagger-ui-init.js').expect(200)).text;
    const storage = new Map<string, string>();
    let options: Record<string, unknown> = {};
    const SwaggerUIBundle = Object.assign((given: Record<string, unknown>) => ((options = given), { initOAuth: () => undefined }), {
      presets: { apis: {} },
      plugins: { DownloadUrl: () => ({ downloadUrl: true }) },
    });
    const window: { onload?: () => void; location: object } = { location: { search: '', origin: 'http://localhost' } };
    const sessionStorage = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const globals = { window, SwaggerUIBundle, SwaggerUIStandalonePreset: {}, sessionStorage, globalThis: { SwaggerUIBundle } };
    runInNewContext(script, globals);
    window.onload!();
    return { options, plugins: options.plugins as ((system?: unknown) => unknown)[], storage };
  }

  it('offers the bearer scheme to the Authorize button and keeps the key in sessionStorage, not localStorage', async () => {
    const doc = (await e2e.http().get('/docs-json').expect(200)).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);

    const { options, plugins, storage } = await pagePlugins();
    expect(options.persistAuthorization).toBe(false);
    expect(plugins[0]()).toEqual({ downloadUrl: true });
    const plugin = plugins[1]() as {
      afterLoad(system: unknown): void;
      statePlugins: { auth: { wrapActions: Record<'authorize' | 'logout', (action: (p: unknown) => unknown, system: unknown) => (p: unknown) => unknown> } };
    };
    let authorized: Record<string, unknown> = {};
    const restored: unknown[] = [];
    const system = { authSelectors: { authorized: () => ({ toJS: () => authorized }) }, authActions: { restoreAuthorization: (p: unknown) => restored.push(p) } };

    // a first visit: nothing to restore
    plugin.afterLoad(system);
    expect(restored).toEqual([]);
    // Authorize: the wrapped action runs, then what the page holds is kept for the tab
    const bearer = { bearer: { name: 'bearer', schema: { type: 'http', scheme: 'bearer' }, value: KEY_A } };
    const authorize = plugin.statePlugins.auth.wrapActions.authorize((payload) => ((authorized = payload as Record<string, unknown>), 'done'), system);
    expect(authorize(bearer)).toBe('done');
    expect(JSON.parse(storage.get('claimq.docs.authorized')!)).toEqual(bearer);
    // a reload restores it
    plugin.afterLoad(system);
    expect(restored).toEqual([{ authorized: bearer }]);
    // Logout forgets it
    plugin.statePlugins.auth.wrapActions.logout(() => (authorized = {}), system)(['bearer']);
    expect(JSON.parse(storage.get('claimq.docs.authorized')!)).toEqual({});
  });
});

describe('read-only keys (API_KEYS_READONLY)', () => {
  let e2e: E2eApp;
  let doc: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: KEY_A, API_KEYS_READONLY: READ_KEY });
    doc = (await e2e.http().get('/docs-json').expect(200)).body;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Every operation of the OpenAPI document, its path parameters filled in. */
  const operations = (): { method: string; path: string }[] =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, 'x') })));

  it('refuses every route that is not GET, HEAD or OPTIONS with 403 forbidden, before anything runs', async () => {
    const writes = operations().filter((op) => !['get', 'head', 'options'].includes(op.method));
    expect(writes.length).toBeGreaterThanOrEqual(15);
    for (const { method, path } of writes) {
      const res = await (e2e.http() as unknown as Record<string, (p: string) => Test>)[method](path).set('Authorization', `Bearer ${READ_KEY}`).send({ type: 'x' });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'this API key is read-only', code: 'forbidden' },
      });
    }
    await expect(e2e.store.admin.counts('default')).resolves.toMatchObject({ pending: 0 });
  });

  it('lets it read every GET route (no 401 or 403), and HEAD and OPTIONS', async () => {
    const reads = operations().filter((op) => op.method === 'get');
    expect(reads.length).toBeGreaterThanOrEqual(15);
    for (const { path } of reads) {
      const res = await e2e.http().get(path).set('Authorization', `Bearer ${READ_KEY}`);
      expect({ path, refused: [401, 403].includes(res.status) }).toEqual({ path, refused: false });
    }
    await e2e.http().head('/queues').set('Authorization', `Bearer ${READ_KEY}`).expect(200);
    const options = await e2e.http().options('/jobs').set('Authorization', `Bearer ${READ_KEY}`);
    expect([401, 403]).not.toContain(options.status);
  });

  it('lets a write key do what a read-only key may not', async () => {
    await e2e.http().post('/jobs').set('Authorization', `Bearer ${KEY_A}`).send({ type: 'x' }).expect(201);
    await e2e.http().post('/queues/default/pause').set('Authorization', `Bearer ${READ_KEY}`).expect(403);
    await e2e.http().post('/queues/default/pause').set('Authorization', `Bearer ${KEY_A}`).expect(200);
  });

  it('answers GET /whoami with the access and the id of the key, never the key', async () => {
    const read = await e2e.http().get('/whoami').set('Authorization', `Bearer ${READ_KEY}`).expect(200);
    expect(read.body).toEqual({ access: 'read', keyId: apiKeyId(READ_KEY) });
    expect(read.body.keyId).toMatch(/^k_[0-9a-f]{12}$/);
    const write = await e2e.http().get('/whoami').set('Authorization', `Bearer ${KEY_A}`).expect(200);
    expect(write.body).toEqual({ access: 'write', keyId: apiKeyId(KEY_A) });
    expect(JSON.stringify([read.body, write.body])).not.toContain(READ_KEY.slice(0, 12));
    await e2e.http().get('/whoami').expect(401);
  });

  it('documents GET /whoami and GET /audit with their response types', () => {
    const ok = (path: string) => (doc.paths[path].get as { responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }> }).responses['200'].content['application/json'].schema.$ref;
    expect(ok('/whoami')).toBe('#/components/schemas/WhoamiResponseDto');
    expect(ok('/audit')).toBe('#/components/schemas/AuditPageResponseDto');
  });
});

describe('read-only keys alone', () => {
  it('still enforce keys: no key is 401, and nothing can write', async () => {
    const e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS_READONLY: READ_KEY });
    try {
      await e2e.http().get('/jobs').expect(401);
      await e2e.http().post('/jobs').send({ type: 'x' }).expect(401);
      await e2e.http().get('/jobs').set('Authorization', `Bearer ${READ_KEY}`).expect(200);
      await e2e.http().post('/jobs').set('Authorization', `Bearer ${READ_KEY}`).send({ type: 'x' }).expect(403);
      await expect(e2e.http().get('/whoami').set('Authorization', `Bearer ${READ_KEY}`).expect(200)).resolves.toMatchObject({ body: { access: 'read' } });
    } finally {
      await e2e.close();
    }
  });
});

describe('without API_KEYS', () => {
  it('leaves the API open', async () => {
    const e2e = await startE2eApp({ JOB_STORE: 'memory' });
    try {
      await e2e.http().get('/jobs').expect(200);
      await e2e.http().get('/whoami').expect(200, { access: 'open', keyId: null });
    } finally {
      await e2e.close();
    }
  });
});
