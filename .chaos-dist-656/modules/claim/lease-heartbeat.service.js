"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LeaseHeartbeatService = void 0;
const running_jobs_1 = require("./running-jobs");
const store_errors_1 = require("./store-errors");
/**
 * One beat: per queue, refresh this worker in the registry and renew every lease it holds with
 * ONE store.heartbeat call. A lease reported stale (re-claimed, reaped) or cancel (cancel asked
 * through the API) aborts its job at once. A failed beat is logged and tried again next interval;
 * the lease length leaves room for a few missed beats.
 *
 * Plain class: the Nest interval (LeaseHeartbeatScheduler) only calls beat().
 */
class LeaseHeartbeatService {
    deps;
    inFlight;
    stopped = false;
    constructor(deps) {
        this.deps = deps;
    }
    /** Overlapping calls share the beat in flight (a slow store never stacks beats). */
    beat() {
        if (this.stopped)
            return Promise.resolve();
        this.inFlight ??= Promise.all(this.deps.queues.map((queue) => this.beatQueue(queue))).then(() => {
            this.inFlight = undefined;
        });
        return this.inFlight;
    }
    /** No beat after this resolves, so unregistering the worker is final. */
    async stop() {
        this.stopped = true;
        await this.inFlight;
    }
    async beatQueue(queue) {
        await Promise.all([this.register(queue), this.renew(queue)]);
    }
    async register(queue) {
        try {
            await this.deps.store.registerWorker(queue, this.deps.workerId);
        }
        catch (err) {
            this.deps.logger.warn(`worker ${this.deps.workerId}: registry heartbeat for queue ${queue} failed (${(0, store_errors_1.errorText)(err)})`);
        }
    }
    async renew(queue) {
        const { store, workerId, leaseMs, running, executor, logger } = this.deps;
        const jobs = running.inQueue(queue);
        if (jobs.length === 0)
            return;
        let outcomes;
        try {
            outcomes = await store.heartbeat(queue, workerId, running_jobs_1.RunningJobs.leasesOf(jobs), leaseMs);
        }
        catch (err) {
            logger.warn(`worker ${workerId}: renewing ${jobs.length} leases in queue ${queue} failed (${(0, store_errors_1.errorText)(err)}); retrying next beat`);
            return;
        }
        outcomes.forEach((outcome, i) => {
            if (outcome === 'stale')
                executor.abort(jobs[i], 'lost lease');
            else if (outcome === 'cancel')
                executor.abort(jobs[i], 'cancelled');
        });
    }
}
exports.LeaseHeartbeatService = LeaseHeartbeatService;
//# sourceMappingURL=lease-heartbeat.service.js.map