import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { createRootLogger, ROOT_LOGGER } from './root-logger';

/**
 * Structured JSON logs through pino. nestjs-pino turns Nest's Logger calls into pino records
 * (configureApp: app.useLogger); `useExisting` because the request logger is installed by
 * configureApp as the first express middleware (so that requests refused before Nest routes them,
 * a 401 or the OpenAPI page, are logged too), and nestjs-pino only binds its req.log to the
 * request's log context.
 */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    const logger = createRootLogger(config);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true })],
      providers: [{ provide: ROOT_LOGGER, useValue: logger }],
      exports: [ROOT_LOGGER],
    };
  }
}
