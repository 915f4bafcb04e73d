import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
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
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'One of API_KEYS (or API_KEYS_READONLY, to read only)' });
  if (config.apiKeysEnforced) builder.addSecurityRequirements('bearer');
  return SwaggerModule.createDocument(app, builder.build());
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
