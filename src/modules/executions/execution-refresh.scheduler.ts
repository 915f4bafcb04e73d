import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { PeriodicPass } from '../../scheduling/periodic-pass';
import { ExecutionRefreshService } from './execution-refresh.service';

/** Thin schedule: every REFRESH_INTERVAL_MS one pass, never two at once in this process. */
@Injectable()
export class ExecutionRefreshScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_NAME = 'claimq-execution-refresh';
  private readonly schedule: PeriodicPass;

  constructor(refresh: ExecutionRefreshService, registry: SchedulerRegistry, config: AppConfig) {
    this.schedule = new PeriodicPass(registry, ExecutionRefreshScheduler.INTERVAL_NAME, config.refreshIntervalMs, () => refresh.runPass());
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  tick(): Promise<void> {
    return this.schedule.tick();
  }
}
