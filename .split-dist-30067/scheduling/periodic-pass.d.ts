import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
/**
 * A pass that runs every `intervalMs`, registered with @nestjs/schedule's SchedulerRegistry
 * (the interval comes from config, so it cannot be a static @Interval), and never overlaps itself
 * in this process: a tick that finds the previous pass still running is skipped, as
 * `waitForCompletion` does for @Cron. Other instances may run theirs at the same time; the
 * passes built on it are safe for that. The timer is unref'd: it never keeps a process alive.
 */
export declare class PeriodicPass {
    private readonly registry;
    private readonly name;
    private readonly intervalMs;
    private readonly pass;
    private running?;
    constructor(registry: SchedulerRegistry, name: string, intervalMs: number, pass: () => Promise<unknown>);
    start(): void;
    /** Stops the schedule and waits for a pass in flight. */
    stop(): Promise<void>;
    tick(): Promise<void>;
}
/**
 * The Nest edge of a PeriodicPass: it starts when the app has booted and stops (waiting for a pass
 * in flight) when the app shuts down. A scheduler is a subclass that names its pass.
 */
export declare abstract class ScheduledPass implements OnApplicationBootstrap, OnApplicationShutdown {
    private readonly schedule;
    protected constructor(registry: SchedulerRegistry, name: string, intervalMs: number, pass: () => Promise<unknown>);
    onApplicationBootstrap(): void;
    onApplicationShutdown(): Promise<void>;
    /** One pass now (tests, and a caller that must not wait for the interval). */
    tick(): Promise<void>;
}
