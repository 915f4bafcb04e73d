import { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from './config/app-config';
import { ApiValidationPipe } from './http/api-validation.pipe';
import { DomainExceptionFilter } from './http/domain-exception.filter';

/**
 * The HTTP setup shared by main.ts and the e2e tests, so tests exercise the same app: body limit,
 * validation, error mapping. Call before `init()`/`listen()`. Shutdown hooks stay in main.ts.
 */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  // Registered before init, so Nest's default 100 KB json parser is not added on top of it.
  express.useBodyParser('json', { limit: config.maxBodyBytes });
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(new DomainExceptionFilter(app.get(HttpAdapterHost)));
}
