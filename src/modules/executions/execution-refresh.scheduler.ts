import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ExecutionRefreshService } from './execution-refresh.service';

/** Thin schedule: every REFRESH_INTERVAL_MS one pass, never two at once in this process. */
@Injectable()
export class ExecutionRefreshScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  static readonly INTERVAL_NAME = 'claimq-execution-refresh';
  private running?: Promise<unknown>;

  constructor(
    private readonly refresh: ExecutionRefreshService,
    private readonly registry: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const timer = setInterval(() => void this.tick(), this.config.refreshIntervalMs);
    timer.unref();
    this.registry.addInterval(ExecutionRefreshScheduler.INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('interval', ExecutionRefreshScheduler.INTERVAL_NAME)) {
      this.registry.deleteInterval(ExecutionRefreshScheduler.INTERVAL_NAME);
    }
    await this.running;
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.refresh.runPass().finally(() => (this.running = undefined));
    await this.running;
  }
}
