import { DynamicModule, Module, Type } from '@nestjs/common';
import type { TracerProvider } from '@opentelemetry/api';
import { ScheduleModule } from '@nestjs/schedule';
import { ClaimqModuleAsyncOptions, claimqConfig, ClaimqModuleOptions } from './claimq-options';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { LoggingModule } from './logging/logging.module';
import { AuditModule } from './modules/audit';
import { ClaimModule } from './modules/claim';
import { ExecutionsModule } from './modules/executions';
import { HealthModule } from './modules/health';
import { HistoryModule } from './modules/history';
import { JobsModule } from './modules/jobs';
import { MetricsModule } from './modules/metrics';
import { QueueModule } from './modules/queue';
import { RecoveryModule } from './modules/recovery';
import { RemoteWorkersModule } from './modules/remote-workers';
import { SchedulesModule } from './modules/schedules';
import { TracingModule } from './modules/tracing';

/** What an instance holds, which Nest must know when it builds the module tree. */
interface ClaimqLayout {
  api: boolean;
  workers: boolean;
  history: boolean;
}

/**
 * claimq as one NestJS module: the store, the REST API, the workers, the reaper, the execution
 * refresh, the scheduler of recurring schedules, health, metrics, logs, traces and (when a database is set) job history. The service's own
 * main.ts builds it from the environment; an app that embeds claimq imports it next to its own
 * @JobHandler providers:
 *
 *   ClaimqModule.forRoot({ store: { redis: 'redis://127.0.0.1:6379' }, queues: ['mail'] })
 *   ClaimqModule.forRootAsync({ inject: [ConfigService], useFactory: (c: ConfigService) => ({...}) })
 *
 * and calls configureApp(app) before listening (logs, API keys, body limits, validation, errors,
 * OpenAPI). Global to the app: only the configuration (AppConfig), the store (QueueModule), the
 * tracer (TracingModule) and history, which every part reads, and what @nestjs/schedule and nestjs-pino make global themselves.
 */
@Module({})
export class ClaimqModule {
  static forRoot(options: ClaimqModuleOptions = {}): DynamicModule {
    const config = claimqConfig(options);
    return ClaimqModule.build(layoutOf(config), AppConfigModule.forRoot(config), options.tracerProvider);
  }

  static forRootAsync(options: ClaimqModuleAsyncOptions): DynamicModule {
    const mode = options.mode ?? 'all';
    const layout: ClaimqLayout = { api: mode !== 'worker', workers: mode !== 'api', history: options.history ?? false };
    const configModule = AppConfigModule.forRootAsync(
      {
        provide: AppConfig,
        inject: options.inject ?? [],
        useFactory: async (...args: unknown[]) => {
          const factoryOptions = await options.useFactory(...(args as never[]));
          if (factoryOptions.tracerProvider !== undefined && factoryOptions.tracerProvider !== options.tracerProvider) {
            throw new Error('claimq: forRootAsync takes tracerProvider in its own options (the tracer is built with the module), not from its factory');
          }
          const config = claimqConfig(factoryOptions);
          const built = layoutOf(config);
          for (const part of ['api', 'workers', 'history'] as const) {
            if (built[part] !== layout[part]) {
              throw new Error(`claimq: forRootAsync was declared with ${part} ${layout[part] ? 'on' : 'off'}, but the options its factory returned turn it ${built[part] ? 'on' : 'off'} (mode: ${config.mode}, history: ${config.databaseUrl ? 'on' : 'off'})`);
            }
          }
          return config;
        },
      },
      options.imports,
    );
    return ClaimqModule.build(layout, configModule, options.tracerProvider);
  }

  private static build(layout: ClaimqLayout, configModule: DynamicModule, tracerProvider?: TracerProvider): DynamicModule {
    const history = HistoryModule.forRoot(layout.history);
    const imports: (DynamicModule | Type)[] = [
      configModule,
      ScheduleModule.forRoot(),
      LoggingModule,
      TracingModule.forRoot(tracerProvider),
      QueueModule,
      HealthModule,
      MetricsModule,
      RecoveryModule,
      history,
      ExecutionsModule.forRoot(layout.api, history),
      SchedulesModule.forRoot(layout.api),
    ];
    if (layout.api) imports.push(JobsModule, AuditModule, RemoteWorkersModule);
    if (layout.workers) imports.push(ClaimModule);
    return { module: ClaimqModule, imports, exports: [QueueModule, SchedulesModule, ExecutionsModule] };
  }
}

function layoutOf(config: AppConfig): ClaimqLayout {
  return { api: config.runsApi, workers: config.runsWorkers, history: config.databaseUrl !== undefined };
}
