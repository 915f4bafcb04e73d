import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_FILE, publishedOpenApiDocument } from '../../scripts/openapi';
import { OpenApiResponseCheck } from '../support/openapi-response-check';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; headers?: Record<string, unknown> }>;
};

const operations = (doc: OpenAPIObject): [string, string, Operation][] =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item as Record<string, Operation>).map(([method, op]): [string, string, Operation] => [method, path, op]));

/**
 * The document clients generate from. Every e2e response is checked against the document its app
 * serves (test/support/openapi-response-check.ts); this checks the published copy is that
 * document, lints it, and that the generated client types are current.
 */
describe('the published OpenAPI document (clients/typescript/openapi.json)', () => {
  let published: OpenAPIObject;

  beforeAll(async () => {
    published = JSON.parse(JSON.stringify(await publishedOpenApiDocument())) as OpenAPIObject;
  });

  it('is the document the code serves (run `npm run openapi` after changing the API)', () => {
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))).toEqual(published);
  });

  it('has generated client types that are current (openapi-typescript --check)', async () => {
    await expect(run(join(BIN, 'openapi-typescript'), [OPENAPI_FILE, '-o', join(ROOT, 'clients/typescript/src/schema.ts'), '--check'], { cwd: ROOT })).resolves.toBeDefined();
  });

  it('passes Redocly lint (recommended rules) without an error or a warning', async () => {
    const { stdout } = await run(join(BIN, 'redocly'), ['lint', OPENAPI_FILE, '--format=json'], { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('gives every operation a unique operationId and a summary, and every error the error body', () => {
    const ids = operations(published).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [method, path, op] of operations(published)) {
      expect({ method, path, summary: typeof op.summary }).toEqual({ method, path, summary: 'string' });
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || path.startsWith('/health')) continue;
        expect({ method, path, status, schema: response.content?.['application/json']?.schema.$ref }).toEqual({ method, path, status, schema: '#/components/schemas/ErrorResponseDto' });
        if (status === '503') expect(response.headers).toHaveProperty('Retry-After');
      }
    }
  });

  it('opens the probes and metrics (security: []) and asks the bearer key, with 401 and 403, everywhere else', () => {
    expect(published.security).toEqual([{ bearer: [] }]);
    expect(published.components?.securitySchemes?.bearer).toEqual(expect.not.objectContaining({ bearerFormat: 'JWT' }));
    for (const [method, path, op] of operations(published)) {
      if (/^\/(health|metrics)/.test(path)) {
        expect({ path, security: op.security }).toEqual({ path, security: [] });
        continue;
      }
      expect({ method, path, has401: '401' in op.responses }).toEqual({ method, path, has401: true });
      if (method !== 'get') expect({ method, path, has403: '403' in op.responses }).toEqual({ method, path, has403: true });
    }
  });

  it('keeps defaults out of request bodies, so a generator leaves those fields optional', () => {
    const schemas = published.components!.schemas as Record<string, { properties?: Record<string, { default?: unknown; description?: string }>; required?: string[] }>;
    expect(schemas.CreateJobDto.required).toEqual(['type']);
    expect(schemas.CreateJobDto.properties?.maxAttempts).not.toHaveProperty('default');
    expect(schemas.CreateJobDto.properties?.maxAttempts?.description).toContain('Default: 3');
    // responses keep theirs, as do query parameters
    const list = (published.paths['/jobs'] as Record<string, { parameters: { name: string; schema: { default?: unknown } }[] }>).get;
    expect(list.parameters.find((p) => p.name === 'limit')?.schema.default).toBe(50);
  });
});

describe('the response check itself', () => {
  let check: OpenApiResponseCheck;
  beforeAll(async () => {
    check = new OpenApiResponseCheck(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenAPIObject);
  });

  const job = {
    id: 'default-01JABCDEFG0123456789ABCD',
    queue: 'default',
    type: 'noop',
    payload: null,
    status: 'pending',
    priority: 0,
    attempts: 0,
    maxAttempts: 3,
    backoff: { strategy: 'exponential', delayMs: 1000, maxDelayMs: 3_600_000 },
    timeoutMs: 90_000,
    runAt: '2026-11-26T00:00:00.000Z',
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
    source: 'store',
  };
  const history = { id: job.id, queue: 'default', status: 'succeeded', attempts: 1, createdAt: job.createdAt, updatedAt: job.updatedAt, source: 'history' };

  it('passes a body the document describes, with any JSON value as payload', () => {
    for (const payload of [null, [1, 2], 'text', 7, true, { a: 1 }]) {
      expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json; charset=utf-8', { ...job, payload })).toEqual([]);
    }
    expect(check.problems('GET', '/jobs?queue=default', 200, 'application/json', { items: [job, history], nextCursor: null })).toEqual([]);
  });

  it('names an undocumented status, content type, field, missing field and wrong type', () => {
    expect(check.problems('GET', `/jobs/${job.id}`, 418, 'application/json', {})).toEqual([expect.stringContaining('GET /jobs/{id} 418: status not documented')]);
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'text/html', '<p>')).toEqual([expect.stringContaining('content type text/html not documented')]);
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json', { ...job, extra: 1 }).join('\n')).toContain('"additionalProperty":"extra"');
    const { status: _dropped, ...withoutStatus } = job;
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json', withoutStatus).join('\n')).toContain("must have required property 'status'");
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json', { ...job, attempts: 'one' }).join('\n')).toContain('/attempts must be number');
    expect(check.problems('GET', `/jobs/${job.id}`, 404, 'application/json', { statusCode: 404, error: 'Not Found' }).join('\n')).toContain("must have required property 'message'");
  });

  it('tells a history job from a store job by source', () => {
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json', history)).toEqual([]);
    expect(check.problems('GET', `/jobs/${job.id}`, 200, 'application/json', { ...history, source: 'store' }).join('\n')).toContain("must have required property 'type'");
  });

  it('checks the body of a request the service accepted against the request schema', () => {
    const created = (body: unknown): string[] => check.problems('POST', '/jobs', 201, 'application/json', job, body);
    expect(created({ type: 'noop' })).toEqual([]);
    expect(created({ type: 'http', payload: { url: 'https://example.com/hook', method: 'POST', body: [1, 'two', null] }, maxAttempts: 5 })).toEqual([]);
    for (const payload of [null, 'text', [1], 3, false]) expect(created({ type: 'noop', payload })).toEqual([]);
    expect(created({ type: 'noop', extra: true }).join('\n')).toContain('the document refuses the request body');
    expect(created({ queue: 'default' }).join('\n')).toContain("must have required property 'type'");
    // a refused request says nothing about the request schema
    expect(check.problems('POST', '/jobs', 400, 'application/json', { statusCode: 400, error: 'Bad Request', message: 'm', code: 'validation_failed' }, { bogus: 1 })).toEqual([]);
  });

  it('leaves routes the document does not list alone', () => {
    expect(check.problems('GET', '/ui/', 200, 'text/html', '')).toEqual([]);
    expect(check.problems('DELETE', '/jobs', 404, 'application/json', {})).toEqual([]);
  });
});
