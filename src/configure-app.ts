import { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { AppConfig } from './config/app-config';
import { ApiValidationPipe } from './http/api-validation.pipe';
import { apiKeyMiddleware } from './http/api-key.middleware';
import { serveDashboard } from './http/dashboard-static';
import { jsonBodyMiddleware } from './http/json-body.middleware';
import { jsonOnlyMiddleware } from './http/json-only.middleware';
import { DomainExceptionFilter } from './http/domain-exception.filter';
import { setupOpenApi } from './http/openapi';
import { httpRequestLogger } from './logging/http-request-logger';
import { ROOT_LOGGER } from './logging/root-logger';

/**
 * The HTTP setup shared by main.ts and the e2e tests, so tests exercise the same app: logs, API
 * keys, body limit, validation, error mapping, OpenAPI. Call before `init()`/`listen()`. Shutdown
 * hooks stay in main.ts. Order matters: the request logger comes first so that every request is
 * logged, the 401s of the key check included; the key check comes before anything it protects.
 */
export function configureApp(app: INestApplication, config: AppConfig = app.get(AppConfig)): void {
  const express = app as NestExpressApplication;
  app.useLogger(app.get(Logger));
  express.use(httpRequestLogger(app.get<PinoLogger>(ROOT_LOGGER)));
  express.use(apiKeyMiddleware(config.apiKeys, config.readOnlyApiKeys, config.workerApiKeys));
  express.disable('x-powered-by');
  if (config.runsApi) serveDashboard(express);
  // Before any body parser, Nest's urlencoded one included: a body that is not JSON never gets parsed.
  express.use(jsonOnlyMiddleware());
  // Nest's own json parser (added at init) then finds the body read and leaves it alone.
  express.use(jsonBodyMiddleware({ limit: config.maxBodyBytes, maxPayloadBytes: config.maxPayloadBytes }));
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new DomainExceptionFilter(app.get(HttpAdapterHost)));
  setupOpenApi(app, config);
}
