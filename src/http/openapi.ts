import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { OPEN_PATHS } from './api-key.middleware';
import { ErrorResponseDto } from './error-response.dto';
import { downloadUrlPlugin, sessionStorageAuthPlugin } from './swagger-session-auth';

export const DOCS_PATH = 'docs';
export const DOCS_JSON_PATH = 'docs-json';

/** The OpenAPI document, generated from the controllers and DTOs of the modules this app runs. */
export function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('claimq')
    .setDescription(
      'A job service: submit jobs, read their state and history, watch queues. ' +
        'With API_KEYS (or API_KEYS_READONLY) set, every route except /health/*, /metrics, this page and its document needs ' +
        '`Authorization: Bearer <key>` (the Authorize button sets it for this page, kept for the browser tab only). ' +
        'An API_KEYS_READONLY key may GET, HEAD and OPTIONS; any other method answers 403 `forbidden`.',
    )
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'The service that serves this document')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: undefined, description: 'An opaque key: one of API_KEYS (or API_KEYS_READONLY, to read only)' });
  if (config.apiKeysEnforced) builder.addSecurityRequirements('bearer');
  const doc = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorResponseDto] });
  completeOperations(doc, config.apiKeysEnforced, config.workerApiKeys.length > 0);
  optionalRequestDefaults(doc);
  admitNulls(doc);
  return doc;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const WRITE_METHODS = new Set(['put', 'post', 'delete', 'patch']);

/**
 * What every route can answer besides its own responses, written once here rather than on each
 * handler: the error body on every 4xx/5xx (ErrorResponseDto, unless the route gives its own, as
 * the health checks do), Retry-After on 503, 500, the key check's 401/403 where keys are
 * enforced, and the body checks' 400/413/415 on methods that take a body. Open routes (OPEN_PATHS:
 * probes, metrics) say so with an empty security list, overriding the global bearer requirement.
 */
function completeOperations(doc: OpenAPIObject, keysEnforced: boolean, workerKeys: boolean): void {
  for (const [path, item] of Object.entries(doc.paths)) {
    const open = OPEN_PATHS.some((pattern) => pattern.test(path));
    for (const method of HTTP_METHODS) {
      const operation: OperationObject | undefined = item[method];
      if (!operation) continue;
      const responses = operation.responses as Record<string, ResponseObject>;
      const add = (status: number, description: string): void => {
        responses[status] ??= { description };
      };
      if (open) operation.security = [];
      if (!open && keysEnforced) {
        add(401, 'No `Authorization: Bearer <key>`, or a key that is none of API_KEYS, API_KEYS_READONLY and API_KEYS_WORKER (code `unauthorized`)');
        if (WRITE_METHODS.has(method)) add(403, 'An API_KEYS_READONLY key on a route that may write, or an API_KEYS_WORKER key off the worker routes (code `forbidden`)');
        else if (workerKeys && path !== '/whoami') add(403, 'An API_KEYS_WORKER key: it may only claim, heartbeat and settle (code `forbidden`)');
      }
      if (WRITE_METHODS.has(method)) {
        add(400, 'A field is invalid (`errors` names each one and why), or the body is not JSON of at most MAX_JSON_DEPTH levels');
        add(413, 'The body is larger than MAX_BODY_BYTES (or a payload larger than MAX_PAYLOAD_BYTES)');
        add(415, 'The body is not application/json (a form, text, XML): nothing was read or changed');
      }
      add(500, 'An unexpected error; the body names no internals and the request may be retried');
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        response.content ??= { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } };
        if (status === '503') response.headers = { ...RETRY_AFTER, ...response.headers };
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}

/**
 * What ApiProperty writes for `nullable: true` does not admit null to a validator: beside an
 * `allOf` of one $ref (`{ type: SomeDto, nullable: true }`) the referenced schema still refuses
 * it, and beside an `enum` null must be one of the values (OpenAPI 3.0.3). So null becomes its own
 * branch of a `oneOf` with the $ref, and a value of the enum; every DTO then just says nullable.
 */
function admitNulls(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(admitNulls);
  if (!node || typeof node !== 'object') return;
  const schema = node as SchemaObject & { allOf?: ReferenceObject[] };
  if (schema.nullable === true && schema.allOf?.length === 1 && '$ref' in schema.allOf[0]) {
    const [ref] = schema.allOf;
    delete schema.allOf;
    delete schema.nullable;
    delete schema.type;
    schema.oneOf = [ref, { type: 'object', nullable: true, enum: [null] }];
    return;
  }
  if (schema.nullable === true && schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  Object.values(schema).forEach(admitNulls);
}

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
} as const;

/**
 * A request body's field that has a default is optional, but generators read `default` as "always
 * present" (openapi-typescript makes it required), so in the schemas of request bodies the default
 * moves into the description. The server applies it either way; the schemas of responses keep it.
 */
function optionalRequestDefaults(doc: OpenAPIObject): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, SchemaObject>;
  const requestSchemas = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as ReferenceObject).$ref;
    if (typeof ref === 'string') {
      const name = ref.split('/').pop()!;
      if (!requestSchemas.has(name)) {
        requestSchemas.add(name);
        visit(schemas[name]);
      }
      return;
    }
    Object.values(node).forEach(visit);
  };
  for (const item of Object.values(doc.paths)) for (const method of HTTP_METHODS) visit(item[method]?.requestBody);
  for (const name of requestSchemas) {
    for (const property of Object.values(schemas[name]?.properties ?? {}) as SchemaObject[]) {
      if (!('default' in property)) continue;
      const shown = JSON.stringify(property.default);
      property.description = property.description ? `${property.description}. Default: ${shown}` : `Default: ${shown}`;
      delete property.default;
    }
  }
}

/**
 * Serves the document at /docs-json and the Swagger UI at /docs, both open (OPEN_PATHS): the
 * page's Authorize button takes the bearer key, kept in sessionStorage (swagger-session-auth.ts).
 */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup(DOCS_PATH, app, () => createOpenApiDocument(app, config), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    swaggerOptions: { persistAuthorization: false, plugins: [downloadUrlPlugin, sessionStorageAuthPlugin] },
  });
}
