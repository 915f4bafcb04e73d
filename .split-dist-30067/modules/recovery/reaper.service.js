"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var ReaperService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReaperService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const queue_1 = require("../queue");
const history_gap_stats_1 = require("./history-gap-stats");
const queue_reap_report_1 = require("./queue-reap-report");
const reaper_stats_1 = require("./reaper-stats");
const returned_leases_1 = require("./returned-leases");
/**
 * Events one trimEvents call may look at per REAPER_BATCH item, and in all: reading an event costs
 * a script about a tenth of what moving a job record does. Dropping one-event stream entries
 * (the costliest kind) measured about 2 us each: 20,000 are some 40 ms of Redis.
 */
const EVENTS_PER_BATCH_ITEM = 10;
const MAX_EVENTS_PER_TRIM = 20_000;
/**
 * The reaper: returns the work of dead or stuck workers and keeps the indexes tidy. Runs on every
 * instance; every step is one atomic store call over a bounded batch, so concurrent passes on
 * several instances never hand out a job twice, and one pass never blocks Redis for long.
 * A pass does at most MAX_ROUNDS batches per concern and per queue (per silent worker for their
 * leases); the rest waits for the next.
 *
 * Concerns: expired leases (a lease also runs out at the job's hard time limit, timeoutMs + grace,
 * which the store enforces at claim and heartbeat, so hung jobs end here too), leases of silent
 * workers (each worker whose leases came back is recorded as dead, for GET /workers), due
 * scheduled jobs, finished jobs past retention, the event log (trimEvents), execution refreshes
 * whose instance died, finished executions past EXECUTION_RETENTION_MS; after every queue, the
 * published info of workers silent for WORKER_DEAD_MS. Each is tried on
 * its own: one that throws is logged and counted, and the others still run. Jobs the pass fails or
 * cancels get their callback.
 */
let ReaperService = class ReaperService {
    static { ReaperService_1 = this; }
    store;
    config;
    stats;
    callbacks;
    clock;
    gaps;
    static MAX_ROUNDS = 10;
    logger = new common_1.Logger(ReaperService_1.name);
    /**
     * Since when this instance has reached the store without interruption. After an outage every
     * worker looks silent (none could heartbeat), so silent workers are reaped only once the store
     * has been reachable for WORKER_DEAD_MS: live workers get a full window to check in again.
     */
    reachableSince;
    constructor(store, config, stats, callbacks, clock = clock_1.systemClock, gaps = new history_gap_stats_1.HistoryGapStats()) {
        this.store = store;
        this.config = config;
        this.stats = stats;
        this.callbacks = callbacks;
        this.clock = clock;
        this.gaps = gaps;
    }
    async runPass() {
        const startedAt = this.clock.now();
        const reports = [];
        let queues;
        try {
            queues = await this.store.queues();
            this.reachableSince ??= startedAt;
            this.noteStall(startedAt);
        }
        catch (err) {
            // Redis down: nothing to do until it returns; the next pass tries again.
            this.reachableSince = undefined;
            const report = (0, queue_reap_report_1.emptyReport)('*');
            report.errors.push(`queues: ${(0, queue_1.errorText)(err)}`);
            reports.push(report);
            queues = [];
        }
        for (const queue of queues)
            reports.push(await this.reapQueue(queue));
        await this.forgetSilentWorkers(reports);
        const durationMs = this.clock.now() - startedAt;
        this.stats.record({ startedAt, durationMs, reports });
        this.logPass(reports, durationMs);
        return reports;
    }
    async reapQueue(queue) {
        const batch = this.config.reaperBatch;
        const report = (0, queue_reap_report_1.emptyReport)(queue);
        await this.step(report, 'expired leases', () => this.rounds(async () => {
            const result = await this.store.reapExpired(queue, batch);
            return this.tally(report, EXPIRED_LEASES, result) >= batch;
        }));
        const returned = [];
        await this.step(report, 'silent workers', async () => {
            if (!this.workersHadTimeToCheckIn())
                return;
            const asked = this.clock.now();
            const silent = await this.store.silentWorkers(queue, this.config.workerDeadMs, batch);
            // an answer held up as long as a heartbeat interval names workers whose beats were held up too
            if (this.noteStall(asked))
                return;
            report.silentWorkers = silent.length;
            if (silent.length === 0)
                return;
            this.logger.warn(`workers silent for more than ${this.config.workerDeadMs}ms in ${queue}: ${silent.join(', ')}`);
            // one worker at a time, so what comes back is known per worker (the dead workers' record)
            for (const workerId of silent) {
                const leases = new returned_leases_1.ReturnedLeases(workerId);
                returned.push(leases);
                await this.rounds(async () => {
                    // the same silentMs: a worker that checked in since silentWorkers listed it is skipped
                    const result = await this.store.reapWorkers(queue, [workerId], batch, this.config.workerDeadMs);
                    leases.add(result);
                    return this.tally(report, SILENT_WORKER_LEASES, result) >= batch;
                });
            }
        });
        await this.step(report, 'dead workers', () => this.recordDead(queue, returned));
        await this.step(report, 'promote', () => this.rounds(async () => {
            const promoted = await this.store.promoteDue(queue, batch);
            report.promoted += promoted;
            return promoted >= batch;
        }));
        const retention = {
            succeededMs: this.config.succeededRetentionMs,
            failedMs: this.config.failedRetentionMs,
            cancelledMs: this.config.failedRetentionMs,
        };
        await this.step(report, 'trim', () => this.rounds(async () => {
            const trimmed = await this.store.trimFinished(queue, retention, batch);
            report.trimmed += trimmed;
            return trimmed >= batch;
        }));
        // The event log: acknowledged events past EVENTS_MAXLEN go; unread ones only past
        // HISTORY_BACKLOG_MAX_MB, into a gap record (what that costs a store: JobStore.trimEvents).
        await this.step(report, 'trim events', () => this.rounds(async () => {
            const result = await this.store.trimEvents(queue, Math.min(batch * EVENTS_PER_BATCH_ITEM, MAX_EVENTS_PER_TRIM));
            for (const dropped of result.dropped)
                this.noteDropped(report, dropped);
            return result.more;
        }));
        // An instance that died mid-refresh left its claimed executions in flight: make them dirty again.
        await this.step(report, 'stale refreshes', () => this.rounds(async () => {
            const requeued = await this.store.requeueStaleRefresh(queue, this.config.refreshStaleMs, batch);
            report.refreshRequeued += requeued;
            return requeued >= batch;
        }));
        // Executions acknowledged final long ago: their status lives on in history (the executions table).
        await this.step(report, 'trim executions', () => this.rounds(async () => {
            const trimmed = await this.store.trimExecutions(queue, this.config.executionRetentionMs, batch);
            report.executionsTrimmed += trimmed;
            return trimmed >= batch;
        }));
        if (report.failedIds.length > 0) {
            const sent = await Promise.all(report.failedIds.map((id) => this.callbacks.send(id)));
            report.callbacksEnqueued = sent.filter(Boolean).length;
        }
        return report;
    }
    /**
     * Records each worker whose leases this pass returned (host and pid from its published info,
     * read before forgetSilentWorkers removes it, or from its id).
     */
    async recordDead(queue, returned) {
        const dead = returned.filter((leases) => leases.any);
        if (dead.length === 0)
            return;
        const infos = new Map((await this.store.workers.find(dead.map((leases) => leases.workerId))).map((info) => [info.id, info]));
        const now = this.clock.now();
        for (const leases of dead)
            await this.store.workers.recordDead(leases.record(queue, now, infos.get(leases.workerId)));
    }
    /**
     * After every queue: the info of workers silent for WORKER_DEAD_MS goes (those declared dead,
     * and processes that died holding no lease, which no queue's reap meets), a batch at a time.
     * Like the reap of silent workers, only once the store has been reachable that long.
     */
    async forgetSilentWorkers(reports) {
        if (!this.workersHadTimeToCheckIn())
            return;
        const report = (0, queue_reap_report_1.emptyReport)('*');
        await this.step(report, 'worker info', () => this.rounds(async () => (await this.store.workers.forgetSilent(this.config.workerDeadMs, this.config.reaperBatch)).length >= this.config.reaperBatch));
        if (report.errors.length > 0)
            reports.push(report);
    }
    /** Waits for callbacks still being enqueued (shutdown). */
    drain() {
        return this.callbacks.drain();
    }
    workersHadTimeToCheckIn() {
        return this.reachableSince !== undefined && this.clock.now() - this.reachableSince >= this.config.workerDeadMs;
    }
    /** One concern; its failure is recorded and logged, and the pass goes on. */
    async step(report, name, work) {
        try {
            await work();
        }
        catch (err) {
            if ((0, queue_1.isTransientStoreError)(err))
                this.reachableSince = undefined;
            report.errors.push(`${name}: ${(0, queue_1.errorText)(err)}`);
        }
    }
    /** Adds a reap's outcome to the report, under `into`'s fields; returns how many entries it ended. */
    tally(report, into, result) {
        report[into.requeued] += result.requeued.length;
        report[into.failed] += result.failed.length;
        report[into.cancelled] += result.cancelled.length;
        this.noteMalformed(report, into.malformed, result);
        appendAll(report.failedIds, result.failed, result.cancelled);
        return size(result);
    }
    /** Events lost to history (a gap): counted for the metric and readiness, and logged as the error it is. */
    noteDropped(report, dropped) {
        report.historyEventsDropped += dropped.events;
        this.gaps.record(dropped, this.clock.now());
        const { gap } = dropped;
        this.logger.error(`queue ${dropped.queue}: dropped ${dropped.events} job events the history writer had not read: the backlog passed HISTORY_BACKLOG_MAX_MB. ` +
            `History lacks ${gap.events} events from ${new Date(gap.fromMs).toISOString()} to ${new Date(gap.toMs).toISOString()} (a row of history_gaps once written)`);
    }
    noteMalformed(report, what, result) {
        const ids = result.malformed ?? [];
        if (ids.length === 0)
            return;
        report.malformed += ids.length;
        this.logger.warn(`queue ${report.queue}: ${ids.length} broken ${what} record(s) moved aside: ${ids.slice(0, 20).join(', ')}`);
    }
    /** Runs `step` until it says it is done, at most MAX_ROUNDS times. */
    async rounds(step) {
        for (let round = 0; round < ReaperService_1.MAX_ROUNDS; round++) {
            const started = this.clock.now();
            const more = await step();
            this.noteStall(started);
            if (!more)
                return;
        }
    }
    /**
     * A store call that took a heartbeat interval or more (a Redis Cluster failover, a paused
     * server: the client holds commands until the slot answers again) held up the workers'
     * heartbeats as well, whose beats were queued with the time they were sent. As after an
     * outage, workers get WORKER_DEAD_MS from now to check in before any is declared dead; without
     * this a failover longer than WORKER_DEAD_MS would declare every live worker dead at once.
     * Returns whether the call since `startedAt` stalled.
     */
    noteStall(startedAt) {
        const now = this.clock.now();
        if (now - startedAt < this.config.heartbeatMs)
            return false;
        if (this.workersHadTimeToCheckIn()) {
            this.logger.warn(`a store call took ${now - startedAt}ms (HEARTBEAT_MS ${this.config.heartbeatMs}): no worker is declared dead before ${this.config.workerDeadMs}ms from now`);
        }
        this.reachableSince = now;
        return true;
    }
    /** One line per pass: info when it did something, a warning when a step failed, debug otherwise. */
    logPass(reports, durationMs) {
        const busy = reports.filter(queue_reap_report_1.hasWork).map(({ failedIds: _ids, ...counts }) => counts);
        const errors = reports.flatMap((r) => r.errors.map((e) => `${r.queue}: ${e}`));
        const line = { msg: 'reaper pass', durationMs, queues: reports.length, busy };
        if (errors.length > 0)
            this.logger.warn({ ...line, errors });
        else if (busy.length > 0)
            this.logger.log(line);
        else
            this.logger.debug(line);
    }
};
exports.ReaperService = ReaperService;
exports.ReaperService = ReaperService = ReaperService_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [Object, app_config_1.AppConfig,
        reaper_stats_1.ReaperStats,
        queue_1.CallbackEnqueuer, Object, history_gap_stats_1.HistoryGapStats])
], ReaperService);
const EXPIRED_LEASES = { requeued: 'expiredRequeued', failed: 'expiredFailed', cancelled: 'expiredCancelled', malformed: 'lease' };
const SILENT_WORKER_LEASES = { requeued: 'workerLeasesRequeued', failed: 'workerLeasesFailed', cancelled: 'workerLeasesCancelled', malformed: 'worker entry' };
function appendAll(target, ...lists) {
    for (const list of lists)
        for (const id of list)
            target.push(id);
}
function size(result) {
    return result.requeued.length + result.failed.length + result.cancelled.length + (result.malformed?.length ?? 0);
}
//# sourceMappingURL=reaper.service.js.map