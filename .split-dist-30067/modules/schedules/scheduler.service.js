"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchedulerService = void 0;
const common_1 = require("@nestjs/common");
const queue_1 = require("../queue");
/** After a failed pass (the store unreachable), the next one waits this long. */
const ERROR_BACKOFF_MS = 1_000;
/**
 * The scheduler loop of this instance (every instance runs one; none is a leader). It sleeps
 * until the next due time the store reports, at most SCHEDULER_POLL_MS, and runs a pass
 * (ScheduleFirer); a pass that claimed a full batch is followed by another at once. The API wakes
 * it when a schedule changes here. A timer, not @nestjs/schedule's interval: the next pass is due
 * at a time the store names, and a fixed interval would add up to a whole interval of lag.
 */
class SchedulerService {
    firer;
    clock;
    options;
    metrics;
    logger = new common_1.Logger('Scheduler');
    running;
    stopped = false;
    wakeUp;
    woken = false;
    constructor(firer, clock, options, metrics) {
        this.firer = firer;
        this.clock = clock;
        this.options = options;
        this.metrics = metrics;
    }
    onApplicationBootstrap() {
        if (this.options.enabled)
            this.running = this.loop();
    }
    async onApplicationShutdown() {
        this.stopped = true;
        this.wake();
        await this.running;
    }
    /** A schedule changed through this instance: look at the index again now. */
    wake() {
        this.woken = true;
        this.wakeUp?.();
    }
    async loop() {
        while (!this.stopped) {
            let waitMs;
            try {
                this.woken = false;
                const pass = await this.firer.pass();
                if (pass.full)
                    continue;
                const untilDue = pass.nextDueAt === null ? Infinity : pass.nextDueAt - this.options.aheadMs - this.clock.now();
                waitMs = Math.min(Math.max(0, untilDue), this.options.pollMs);
            }
            catch (err) {
                this.metrics?.scheduleFireFailed();
                this.logger.warn(`scheduler pass failed (its schedules fire again after SCHEDULER_LEASE_MS): ${(0, queue_1.errorText)(err)}`);
                waitMs = ERROR_BACKOFF_MS;
            }
            if (waitMs > 0 && !this.stopped && !this.woken)
                await this.sleep(waitMs);
        }
    }
    sleep(ms) {
        return new Promise((resolve) => {
            const timer = setTimeout(done, ms);
            function done() {
                clearTimeout(timer);
                resolve();
            }
            this.wakeUp = () => {
                this.wakeUp = undefined;
                done();
            };
        });
    }
}
exports.SchedulerService = SchedulerService;
//# sourceMappingURL=scheduler.service.js.map