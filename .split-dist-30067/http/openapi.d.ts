import { INestApplication } from '@nestjs/common';
import { OpenAPIObject } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
export declare const DOCS_PATH = "docs";
export declare const DOCS_JSON_PATH = "docs-json";
/** The OpenAPI document, generated from the controllers and DTOs of the modules this app runs. */
export declare function createOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject;
/**
 * Serves the document at /docs-json and the Swagger UI at /docs, both open (OPEN_PATHS): the
 * page's Authorize button takes the bearer key, kept in sessionStorage (swagger-session-auth.ts).
 */
export declare function setupOpenApi(app: INestApplication, config: AppConfig): void;
