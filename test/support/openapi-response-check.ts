import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '@nestjs/swagger';
import request, { Response, Test } from 'supertest';

/**
 * Checks a real response against the OpenAPI document the app serves: the route's operation must
 * document the status, the content type must be one it lists, and a JSON body must validate
 * against that status's schema with ajv (and an accepted request's body against the request's). Objects are checked closed (a property the schema does
 * not name fails), so a field added to a presenter and not to its DTO fails the test that sees it.
 * Every e2e request goes through it (test/e2e/e2e-app.ts), so the spec cannot drift from the code.
 */
export class OpenApiResponseCheck {
  private readonly ajv: Ajv;
  private readonly routes: { method: string; pattern: RegExp; path: string }[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenAPIObject) {
    this.ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'claimq-openapi', components: closeObjects(structuredClone(doc.components ?? {})) });
    this.routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((method) => HTTP_METHODS.has(method))
        .map((method) => ({ method, path, pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`) })),
    );
  }

  /**
   * The problems of one response, empty when it matches the document. A request to a path (or
   * method) the document does not list is not checked: the dashboard, the docs page, unknown routes.
   * With the JSON body the request sent: a body the service accepted (2xx) must be one the
   * document's request schema accepts, or the document is stricter than the service.
   */
  problems(method: string, url: string, status: number, contentType: string | undefined, body: unknown, requestBody?: unknown): string[] {
    return [...this.responseProblems(method, url, status, contentType, body), ...this.requestProblems(method, url, status, requestBody)];
  }

  private requestProblems(method: string, url: string, status: number, requestBody: unknown): string[] {
    if (requestBody === undefined || status < 200 || status > 299) return [];
    const route = this.route(method, url);
    if (!route) return [];
    const operation = (this.doc.paths[route.path] as Record<string, { requestBody?: { content?: Record<string, { schema?: object }> } }>)[route.method];
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (!schema) return [];
    const validate = this.validator(`${route.method} ${route.path} request`, schema);
    if (validate(requestBody)) return [];
    const where = `${method.toUpperCase()} ${route.path} (answered ${status})`;
    return (validate.errors ?? []).map((e) => `${where}: the document refuses the request body${e.instancePath || ''}: ${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }

  private route(method: string, url: string): { method: string; path: string } | undefined {
    // the path as sent, not normalized: the server routes `/ui/../jobs` as written, not as /jobs
    const pathname = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0];
    const lower = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return this.routes.find((r) => r.method === lower && r.pattern.test(pathname));
  }

  private responseProblems(method: string, url: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const route = this.route(method, url);
    if (!route) return [];
    const where = `${method.toUpperCase()} ${route.path} ${status}`;
    const operation = (this.doc.paths[route.path] as Record<string, { responses: Record<string, ResponseObject> }>)[route.method];
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) return [`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    if (method.toLowerCase() === 'head' || status === 204 || status === 304) return [];
    const mediaType = contentType?.split(';')[0].trim();
    const content = response.content ?? {};
    if (!mediaType) return Object.keys(content).length === 0 ? [] : [`${where}: no content type; documented: ${Object.keys(content).join(', ')}`];
    const media = content[mediaType];
    if (!media) return [`${where}: content type ${mediaType} not documented (documented: ${Object.keys(content).join(', ') || 'none'})`];
    if (mediaType !== 'application/json') return [];
    if (!media.schema) return [`${where}: JSON body without a schema`];
    const validate = this.validator(`${route.method} ${route.path} ${status in operation.responses ? status : 'default'}`, media.schema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${where}: body${e.instancePath || ''} ${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }

  private validator(key: string, schema: object): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(closeObjects(rebase(schema)));
      this.validators.set(key, validate);
    }
    return validate;
  }
}

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** A copy of `schema` whose `#/components/...` refs point into the document registered as claimq-openapi. */
function rebase<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, '"$ref":"claimq-openapi#/components/')) as T;
}

/**
 * Every object schema with named properties and no additionalProperties of its own is checked
 * closed. A discriminator's mapping goes: ajv picks the branch by the property's enum instead.
 */
function closeObjects<T>(node: T): T {
  if (Array.isArray(node)) {
    node.forEach(closeObjects);
  } else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.properties && typeof schema.properties === 'object' && !('additionalProperties' in schema)) schema.additionalProperties = false;
    if (schema.discriminator && typeof schema.discriminator === 'object') delete (schema.discriminator as { mapping?: unknown }).mapping;
    for (const value of Object.values(schema)) closeObjects(value);
  }
  return node;
}

/**
 * supertest on `server`, with every response checked by `check()` after the test's own
 * expectations (so a wrong status still reads as the test's failure first).
 */
export function checkedRequest(server: Parameters<typeof request>[0], check: () => OpenApiResponseCheck): ReturnType<typeof request> {
  const agent = request(server);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop !== 'string' || !HTTP_METHODS.has(prop) || typeof value !== 'function') return value;
      return (url: string, ...rest: unknown[]) => checked((value as (...args: unknown[]) => Test).call(target, url, ...rest), prop, url, check);
    },
  });
}

function checked(test: Test, method: string, url: string, check: () => OpenApiResponseCheck): Test {
  const end = test.end.bind(test);
  test.end = (callback) => {
    test.expect((res: Response) => {
      const problems = check().problems(method, url, res.status, res.headers['content-type'] as string | undefined, res.body, res.ok ? sentJson(test) : undefined);
      if (problems.length > 0) {
        throw new Error(`the response does not match the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(res.body)?.slice(0, 2000)}`);
      }
    });
    return end(callback);
  };
  return test;
}

/**
 * The JSON body supertest sent (`.send(object)`, or a string that parses), else undefined, without
 * the keys the service drops before validation (`__proto__`, `prototype`, `constructor`;
 * src/http/strip-proto-keys.ts). Payloads validate as any JSON, so dropping them there too changes
 * nothing.
 */
function sentJson(test: Test): unknown {
  const data = (test as unknown as { _data?: unknown })._data;
  let body: unknown;
  try {
    body = typeof data === 'string' ? JSON.parse(data) : structuredClone(data);
  } catch {
    return undefined;
  }
  const stack = [body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    for (const key of ['__proto__', 'prototype', 'constructor']) if (Object.hasOwn(node, key)) delete (node as Record<string, unknown>)[key];
    for (const value of Object.values(node)) stack.push(value);
  }
  return body;
}
