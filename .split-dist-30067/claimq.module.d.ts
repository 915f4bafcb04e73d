import { DynamicModule } from '@nestjs/common';
import { ClaimqModuleAsyncOptions, ClaimqModuleOptions } from './claimq-options';
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
export declare class ClaimqModule {
    static forRoot(options?: ClaimqModuleOptions): DynamicModule;
    static forRootAsync(options: ClaimqModuleAsyncOptions): DynamicModule;
    private static build;
}
