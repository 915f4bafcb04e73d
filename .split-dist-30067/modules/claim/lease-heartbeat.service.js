"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LeaseHeartbeatService = void 0;
const queue_1 = require("../queue");
const running_jobs_1 = require("./running-jobs");
/** A lease as the store names it: the same job under another claim is another lease. */
const leaseKey = (lease) => `${lease.id}:${lease.token}`;
/**
 * One beat: publish this worker process's info once (store.workers: one write per beat, whatever
 * the number of queues), and per queue refresh this worker in the registry and renew every lease
 * it holds with ONE store.heartbeat call. A lease reported stale (re-claimed, reaped) or cancel (cancel asked
 * through the API) aborts its job at once. A failed beat is logged and tried again next interval;
 * the lease length leaves room for a few missed beats.
 *
 * Each beat also asks the store which leases it records for this worker that the worker does not
 * hold (one read-only call, idle or not): a claim whose reply was lost on the wire left them, and
 * they are released at once, no attempt spent, instead of waiting for LEASE_MS. A claim in flight
 * when the answer comes is waited for first, so leases it is about to hand over are never taken.
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
        this.inFlight ??= Promise.all([this.publish(), ...this.deps.queues.map((queue) => this.beatQueue(queue))]).then(() => {
            this.inFlight = undefined;
        });
        return this.inFlight;
    }
    /** No beat after this resolves, so unregistering the worker is final. */
    async stop() {
        this.stopped = true;
        await this.inFlight;
    }
    async publish() {
        try {
            await this.deps.store.workers.publish(this.deps.info());
        }
        catch (err) {
            this.deps.logger.warn(`worker ${this.deps.workerId}: publishing its info failed (${(0, queue_1.errorText)(err)}); retrying next beat`);
        }
    }
    async beatQueue(queue) {
        await Promise.all([this.register(queue), this.renew(queue)]);
    }
    async register(queue) {
        try {
            await this.deps.store.registerWorker(queue, this.deps.workerId);
        }
        catch (err) {
            this.deps.logger.warn(`worker ${this.deps.workerId}: registry heartbeat for queue ${queue} failed (${(0, queue_1.errorText)(err)})`);
        }
    }
    async renew(queue) {
        await this.renewHeld(queue);
        await this.releaseStray(queue);
    }
    async releaseStray(queue) {
        const { store, workerId, running, logger } = this.deps;
        const held = new Set(this.deps.settlingIds(queue));
        for (const job of running.inQueue(queue))
            held.add(job.id);
        let stray;
        try {
            stray = await store.strayLeases(queue, workerId, [...held]);
        }
        catch (err) {
            logger.warn(`worker ${workerId}: asking for stray leases in queue ${queue} failed (${(0, queue_1.errorText)(err)}); retrying next beat`);
            return;
        }
        if (stray.length === 0)
            return;
        await this.deps.claimSettled(queue);
        const known = new Set(this.deps.settlingIds(queue));
        for (const job of running.inQueue(queue))
            known.add(job.id);
        const candidates = stray.filter((lease) => !known.has(lease.id));
        if (candidates.length === 0)
            return;
        // A job claimed while the question was out, then run and settled before the claim was awaited,
        // is in neither snapshot, yet its lease is gone by now: ask again, and release only the leases
        // (id and token) stray in both answers. A lost claim reply's leases stay until released.
        let again;
        try {
            again = await store.strayLeases(queue, workerId, [...known]);
        }
        catch (err) {
            logger.warn(`worker ${workerId}: asking again for stray leases in queue ${queue} failed (${(0, queue_1.errorText)(err)}); retrying next beat`);
            return;
        }
        const still = new Set(again.map(leaseKey));
        const unknown = candidates.filter((lease) => still.has(leaseKey(lease)));
        if (unknown.length === 0)
            return;
        logger.warn({
            msg: 'releasing leases this worker never received (a claim reply was lost); no attempt is spent',
            workerId,
            queue,
            jobIds: unknown.map((l) => l.id),
        });
        this.deps.release(queue, unknown);
    }
    async renewHeld(queue) {
        const { store, workerId, leaseMs, running, executor, logger } = this.deps;
        const jobs = running.inQueue(queue);
        if (jobs.length === 0)
            return;
        let outcomes;
        try {
            outcomes = await store.heartbeat(queue, running_jobs_1.RunningJobs.leasesOf(jobs), leaseMs);
        }
        catch (err) {
            logger.warn(`worker ${workerId}: renewing ${jobs.length} leases in queue ${queue} failed (${(0, queue_1.errorText)(err)}); retrying next beat`);
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