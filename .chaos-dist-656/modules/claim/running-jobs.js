"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RunningJobs = void 0;
/** The jobs this process is running, by queue: what the heartbeat renews and shutdown releases. */
class RunningJobs {
    byQueue = new Map();
    total = 0;
    emptyWaiters = [];
    get size() {
        return this.total;
    }
    count(queue) {
        return this.byQueue.get(queue)?.size ?? 0;
    }
    add(job) {
        let jobs = this.byQueue.get(job.queue);
        if (!jobs)
            this.byQueue.set(job.queue, (jobs = new Map()));
        jobs.set(job.id, job);
        this.total++;
    }
    remove(job) {
        const jobs = this.byQueue.get(job.queue);
        if (jobs?.get(job.id) !== job)
            return;
        jobs.delete(job.id);
        this.total--;
        if (this.total === 0 && this.emptyWaiters.length > 0) {
            const waiters = this.emptyWaiters;
            this.emptyWaiters = [];
            for (const resolve of waiters)
                resolve();
        }
    }
    inQueue(queue) {
        return [...(this.byQueue.get(queue)?.values() ?? [])];
    }
    all() {
        return [...this.byQueue.values()].flatMap((jobs) => [...jobs.values()]);
    }
    static leasesOf(jobs) {
        return jobs.map((job) => ({ id: job.id, token: job.token }));
    }
    /** Resolves true when no job is running, or false after timeoutMs. */
    whenEmpty(timeoutMs) {
        if (this.total === 0)
            return Promise.resolve(true);
        return new Promise((resolve) => {
            const done = () => {
                clearTimeout(timer);
                resolve(true);
            };
            const timer = setTimeout(() => {
                this.emptyWaiters = this.emptyWaiters.filter((w) => w !== done);
                resolve(false);
            }, Math.max(0, timeoutMs));
            this.emptyWaiters.push(done);
        });
    }
}
exports.RunningJobs = RunningJobs;
//# sourceMappingURL=running-jobs.js.map