import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A pass that runs every `intervalMs`, registered with @nestjs/schedule's SchedulerRegistry
 * (the interval comes from config, so it cannot be a static @Interval), and never overlaps itself
 * in this process: a tick that finds the previous pass still running is skipped, as
 * `waitForCompletion` does for @Cron. Other instances may run theirs at the same time; the
 * passes built on it are safe for that. The timer is unref'd: it never keeps a process alive.
 */
export class PeriodicPass {
  private running?: Promise<unknown>;

  constructor(
    private readonly registry: SchedulerRegistry,
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
  ) {}

  start(): void {
    const timer = setInterval(() => void this.tick(), this.intervalMs);
    timer.unref();
    this.registry.addInterval(this.name, timer);
  }

  /** Stops the schedule and waits for a pass in flight. */
  async stop(): Promise<void> {
    if (this.registry.doesExist('interval', this.name)) this.registry.deleteInterval(this.name);
    await this.running;
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.pass().finally(() => (this.running = undefined));
    await this.running;
  }
}

/**
 * The Nest edge of a PeriodicPass: it starts when the app has booted and stops (waiting for a pass
 * in flight) when the app shuts down. A scheduler is a subclass that names its pass.
 */
export abstract class ScheduledPass implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly schedule: PeriodicPass;

  protected constructor(registry: SchedulerRegistry, name: string, intervalMs: number, pass: () => Promise<unknown>) {
    this.schedule = new PeriodicPass(registry, name, intervalMs, pass);
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  /** One pass now (tests, and a caller that must not wait for the interval). */
  tick(): Promise<void> {
    return this.schedule.tick();
  }
}
