import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { QueueModule } from './modules/queue/queue.module';

/** MODE decides what starts: the API (enqueue, read), the workers, or both. Health always. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const imports = [AppConfigModule, QueueModule, HealthModule];
    if (config.runsApi) imports.push(JobsModule);
    return { module: AppModule, imports };
  }
}
