import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { ExecutionRefreshService } from './execution-refresh.service';

/**
 * Thin schedule: every REFRESH_INTERVAL_MS one pass, never two at once in this process; the
 * service hears the store's signals from boot to shutdown (a pass with nothing signalled sends
 * nothing).
 */
@Injectable()
export class ExecutionRefreshScheduler extends ScheduledPass {
  static readonly INTERVAL_NAME = 'claimq-execution-refresh';

  constructor(
    private readonly refresh: ExecutionRefreshService,
    registry: SchedulerRegistry,
    config: AppConfig,
  ) {
    super(registry, ExecutionRefreshScheduler.INTERVAL_NAME, config.refreshIntervalMs, () => refresh.runPass());
  }

  override onApplicationBootstrap(): void {
    this.refresh.start();
    super.onApplicationBootstrap();
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.refresh.stop();
  }
}
