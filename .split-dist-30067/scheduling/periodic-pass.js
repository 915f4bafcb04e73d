"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduledPass = exports.PeriodicPass = void 0;
/**
 * A pass that runs every `intervalMs`, registered with @nestjs/schedule's SchedulerRegistry
 * (the interval comes from config, so it cannot be a static @Interval), and never overlaps itself
 * in this process: a tick that finds the previous pass still running is skipped, as
 * `waitForCompletion` does for @Cron. Other instances may run theirs at the same time; the
 * passes built on it are safe for that. The timer is unref'd: it never keeps a process alive.
 */
class PeriodicPass {
    registry;
    name;
    intervalMs;
    pass;
    running;
    constructor(registry, name, intervalMs, pass) {
        this.registry = registry;
        this.name = name;
        this.intervalMs = intervalMs;
        this.pass = pass;
    }
    start() {
        const timer = setInterval(() => void this.tick(), this.intervalMs);
        timer.unref();
        this.registry.addInterval(this.name, timer);
    }
    /** Stops the schedule and waits for a pass in flight. */
    async stop() {
        if (this.registry.doesExist('interval', this.name))
            this.registry.deleteInterval(this.name);
        await this.running;
    }
    async tick() {
        if (this.running)
            return;
        this.running = this.pass().finally(() => (this.running = undefined));
        await this.running;
    }
}
exports.PeriodicPass = PeriodicPass;
/**
 * The Nest edge of a PeriodicPass: it starts when the app has booted and stops (waiting for a pass
 * in flight) when the app shuts down. A scheduler is a subclass that names its pass.
 */
class ScheduledPass {
    schedule;
    constructor(registry, name, intervalMs, pass) {
        this.schedule = new PeriodicPass(registry, name, intervalMs, pass);
    }
    onApplicationBootstrap() {
        this.schedule.start();
    }
    onApplicationShutdown() {
        return this.schedule.stop();
    }
    /** One pass now (tests, and a caller that must not wait for the interval). */
    tick() {
        return this.schedule.tick();
    }
}
exports.ScheduledPass = ScheduledPass;
//# sourceMappingURL=periodic-pass.js.map