import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { ReaperService } from './reaper.service';

/**
 * Thin schedule: every REAPER_INTERVAL_MS, one pass, never two at once in this process
 * (other instances may run theirs concurrently; the store's scripts make that safe).
 */
@Injectable()
export class ReaperScheduler extends ScheduledPass {
  static readonly INTERVAL_NAME = 'claimq-reaper';

  constructor(
    private readonly reaper: ReaperService,
    registry: SchedulerRegistry,
    config: AppConfig,
  ) {
    super(registry, ReaperScheduler.INTERVAL_NAME, config.reaperIntervalMs, () => reaper.runPass());
  }

  override onApplicationBootstrap(): void {
    this.reaper.start();
    super.onApplicationBootstrap();
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.reaper.stop();
  }
}
