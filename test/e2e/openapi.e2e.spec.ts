import { E2eApp, startE2eApp } from './e2e-app';

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the app serves, as OpenAPI writes it: `get /jobs/{id}`. Swagger's own routes and catch-alls left out. */
function servedRoutes(e2e: E2eApp): string[] {
  const stack = (e2e.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } }).router.stack;
  return stack
    .filter((layer) => layer.route && !/^\/docs/.test(layer.route.path) && !layer.route.path.includes('*'))
    .flatMap((layer) => Object.keys(layer.route!.methods).map((m) => `${m} ${layer.route!.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
}

describe('OpenAPI (/docs-json, /docs)', () => {
  let e2e: E2eApp;
  let doc: { paths: Record<string, Record<string, { tags?: string[]; responses: object }>> };

  beforeAll(async () => {
    e2e = await startE2eApp({ MODE: 'all', JOB_STORE: 'memory' });
    doc = (await e2e.http().get('/docs-json').expect(200)).body;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const documented = (): string[] => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));

  it('lists the API, queue, health and metrics routes', () => {
    expect(documented()).toEqual(
      expect.arrayContaining([
        'post /jobs',
        'get /jobs',
        'post /jobs/bulk',
        'get /jobs/{id}',
        'get /jobs/{id}/attempts',
        'post /jobs/{id}/cancel',
        'post /jobs/{id}/retry',
        'get /queues',
        'get /queues/{name}/settings',
        'put /queues/{name}/settings',
        'post /queues/{name}/pause',
        'post /queues/{name}/resume',
        'get /queues/{name}/groups',
        'get /queues/{name}/groups/{group}',
        'put /queues/{name}/groups/{group}',
        'get /health/live',
        'get /health/ready',
        'get /metrics',
      ]),
    );
  });

  it('documents every route the app serves (executions included when that module runs)', () => {
    const routes = servedRoutes(e2e);
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(documented()).toEqual(expect.arrayContaining(routes));
  });

  it('tags every operation and documents the from/to filters', () => {
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.tags?.length).toBeGreaterThan(0);
    const params = (doc.paths['/jobs'].get as unknown as { parameters: { name: string }[] }).parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['queue', 'status', 'from', 'to', 'cursor']));
  });

  it('documents POST /executions: 201 created, 200 for a repeated idempotencyKey, and the key in its body', () => {
    const post = doc.paths['/executions'].post as unknown as {
      responses: Record<string, unknown>;
      requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
    };
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '201', '400']));
    const ref = post.requestBody.content['application/json'].schema.$ref.split('/').pop()!;
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Record<string, object> }> } }).components.schemas;
    expect(schemas[ref].properties.idempotencyKey).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
  });

  it("documents a job's schedule in the job and history responses, and not in the request bodies", () => {
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> } }).components.schemas;
    for (const name of ['JobResponseDto', 'JobHistoryResponseDto']) {
      expect(JSON.stringify(schemas[name].properties.schedule)).toContain('#/components/schemas/JobScheduleResponseDto');
    }
    expect(schemas.JobScheduleResponseDto.properties).toMatchObject({ name: { type: 'string' }, fireAt: { type: 'string', format: 'date-time' } });
    expect(schemas.CreateJobDto.properties).not.toHaveProperty('schedule');
  });

  it('documents 415 on every route that takes a JSON body', () => {
    for (const path of ['/jobs', '/jobs/bulk', '/executions']) {
      const post = doc.paths[path].post as unknown as { responses: Record<string, unknown> };
      expect(Object.keys(post.responses)).toContain('415');
    }
    for (const path of ['/queues/{name}/settings', '/queues/{name}/groups/{group}']) {
      const put = doc.paths[path].put as unknown as { responses: Record<string, unknown> };
      expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '415']));
    }
  });

  it("documents a job's group in the request and the response, and the fairness bodies with their bounds", () => {
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }> } }).components.schemas;
    for (const name of ['CreateJobDto', 'JobResponseDto', 'ScheduleJobDto', 'ScheduleJobResponseDto']) {
      expect(schemas[name].properties.group).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,100}$' });
    }
    expect(schemas.PutQueueSettingsDto.properties.groupConcurrency).toMatchObject({ type: 'integer', nullable: true, minimum: 1, maximum: 1_000_000 });
    expect(schemas.PutGroupDto.properties).toHaveProperty('paused');
    expect(schemas.RateLimitDto.properties).toMatchObject({ max: { minimum: 1, maximum: 1_000_000 }, perMs: { minimum: 1, maximum: 86_400_000 } });
    expect(schemas.GroupStateResponseDto.required).toEqual(
      expect.arrayContaining(['name', 'pending', 'running', 'paused', 'concurrency', 'effectiveConcurrency', 'rateLimit', 'limitedBy']),
    );
    expect(schemas.GroupStateResponseDto.properties.limitedUntil).toMatchObject({ type: 'string', format: 'date-time' });
    const list = doc.paths['/queues/{name}/groups'].get as unknown as { parameters: { name: string; schema: Record<string, unknown> }[] };
    expect(list.parameters.find((p) => p.name === 'limit')?.schema).toMatchObject({ minimum: 1, maximum: 500, default: 100 });
  });

  it('serves the Swagger UI page', async () => {
    const res = await e2e.http().get('/docs/').expect(200);
    expect(res.text).toContain('swagger');
  });
});
