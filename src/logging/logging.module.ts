import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { rootLoggerOf, ROOT_LOGGER } from './root-logger';

/**
 * Structured JSON logs through pino. nestjs-pino turns Nest's Logger calls into pino records
 * (configureApp: app.useLogger); `useExisting` because the request logger is installed by
 * configureApp as the first express middleware (so that requests refused before Nest routes them,
 * a 401 or the OpenAPI page, are logged too), and nestjs-pino only binds its req.log to the
 * request's log context.
 */
@Module({
  imports: [LoggerModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => ({ pinoHttp: { logger: rootLoggerOf(config) }, useExisting: true }) })],
  providers: [{ provide: ROOT_LOGGER, inject: [AppConfig], useFactory: rootLoggerOf }],
  exports: [ROOT_LOGGER],
})
export class LoggingModule {}
