import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { PeriodicPass } from '../../scheduling/periodic-pass';
import { ReaperService } from './reaper.service';

/**
 * Thin schedule: every REAPER_INTERVAL_MS, one pass, never two at once in this process
 * (other instances may run theirs concurrently; the store's scripts make that safe).
 */
@Injectable()
export class ReaperScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_NAME = 'claimq-reaper';
  private readonly schedule: PeriodicPass;

  constructor(reaper: ReaperService, registry: SchedulerRegistry, config: AppConfig) {
    this.schedule = new PeriodicPass(registry, ReaperScheduler.INTERVAL_NAME, config.reaperIntervalMs, () => reaper.runPass());
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
