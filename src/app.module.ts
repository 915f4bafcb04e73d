import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ClaimModule } from './modules/claim/claim.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { QueueModule } from './modules/queue/queue.module';

/** MODE decides what starts: the API (enqueue, read), the workers, or both. Health always. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const imports: (DynamicModule | Type)[] = [AppConfigModule.forRoot(config), QueueModule, HealthModule];
    if (config.runsApi) imports.push(JobsModule);
    if (config.runsWorkers) imports.push(ClaimModule);
    return { module: AppModule, imports };
  }
}
