import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ReaperService } from './reaper.service';

/**
 * Thin schedule: every REAPER_INTERVAL_MS, one pass, never two at once in this process
 * (other instances may run theirs concurrently; the store's scripts make that safe).
 */
@Injectable()
export class ReaperScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_NAME = 'claimq-reaper';
  private running?: Promise<unknown>;

  constructor(
    private readonly reaper: ReaperService,
    private readonly registry: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => void this.tick(), this.config.reaperIntervalMs);
    timer.unref();
    this.registry.addInterval(ReaperScheduler.INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('interval', ReaperScheduler.INTERVAL_NAME)) {
      this.registry.deleteInterval(ReaperScheduler.INTERVAL_NAME);
    }
    await this.running;
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.reaper.runPass().finally(() => (this.running = undefined));
    await this.running;
  }
}
