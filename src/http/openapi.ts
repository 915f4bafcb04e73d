import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';

export const DOCS_PATH = 'docs';
export const DOCS_JSON_PATH = 'docs-json';

/** The OpenAPI document, generated from the controllers and DTOs of the modules this app runs. */
export function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('claimq')
    .setDescription(
      'A job service: submit jobs, read their state and history, watch queues. ' +
        'With API_KEYS set, every route except /health/* and /metrics needs `Authorization: Bearer <key>`.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'One of API_KEYS' });
  if (config.apiKeysEnforced) builder.addSecurityRequirements('bearer');
  return SwaggerModule.createDocument(app, builder.build());
}

/** Serves the document at /docs-json and the Swagger UI at /docs. */
export function setupOpenApi(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup(DOCS_PATH, app, () => createOpenApiDocument(app, config), { jsonDocumentUrl: DOCS_JSON_PATH });
}
