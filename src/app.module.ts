import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ClaimModule } from './modules/claim/claim.module';
import { HealthModule } from './modules/health/health.module';
import { ExecutionsModule } from './modules/executions/executions.module';
import { HistoryModule } from './modules/history/history.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { QueueModule } from './modules/queue/queue.module';
import { RecoveryModule } from './modules/recovery/recovery.module';

/**
 * MODE decides what starts: the API (enqueue, read), the workers, or both. Logs, health, metrics,
 * the reaper, the execution refresh and the history writer (when DATABASE_URL is set) run on every
 * instance.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const history = HistoryModule.forRoot(config);
    const imports: (DynamicModule | Type)[] = [
      AppConfigModule.forRoot(config),
      LoggingModule.forRoot(config),
      QueueModule,
      HealthModule,
      MetricsModule,
      RecoveryModule,
      history,
      ExecutionsModule.forRoot(config, history),
    ];
    if (config.runsApi) imports.push(JobsModule);
    if (config.runsWorkers) imports.push(ClaimModule);
    return { module: AppModule, imports };
  }
}
