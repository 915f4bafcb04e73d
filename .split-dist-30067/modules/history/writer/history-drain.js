"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryDrain = void 0;
const job_1 = require("../../../domain/job");
const history_batch_writer_1 = require("./history-batch-writer");
const abortable_sleep_1 = require("../../../common/abortable-sleep");
const retry_backoff_1 = require("../../../common/retry-backoff");
/**
 * Moves events from one source into Postgres: read a batch, store it (retrying the same batch
 * with a capped backoff for as long as Postgres refuses), then acknowledge it. Nothing is
 * acknowledged before it is stored, so a writer that dies or stops mid-batch loses nothing the
 * source can redeliver. Runs beside the claim path: a slow or absent database delays history only.
 */
class HistoryDrain {
    source;
    write;
    options;
    stopping = new AbortController();
    reading = false;
    /** Coalescing: batches read and not yet stored are in hand. */
    holding = false;
    loop;
    backoff;
    failures = 0;
    /** Batches stored and acknowledged since start (for tests and metrics). */
    stored = 0;
    constructor(source, write, options) {
        this.source = source;
        this.write = write;
        this.options = options;
        this.backoff = new retry_backoff_1.RetryBackoff(options.retryInitialMs ?? 250, options.retryMaxMs ?? 30_000);
    }
    start() {
        this.loop ??= this.run();
    }
    /**
     * Stops after the batches in hand are stored and acknowledged (or abandoned, while Postgres is
     * away). A read that blocks with nothing in hand is cut short; a coalescing read ends within
     * coalesceMs by itself, and the source stays open to acknowledge what it holds.
     */
    async stop() {
        this.stopping.abort();
        if (this.reading && !this.holding)
            await this.source.close();
        await this.loop;
        await this.source.close();
    }
    get stopped() {
        return this.stopping.signal.aborted;
    }
    async run() {
        while (!this.stopped) {
            const batch = await this.read();
            if (!batch || batch.entries === 0)
                continue;
            const batches = await this.coalesce(batch);
            if (!(await this.store(combined(batches))))
                return;
            for (const b of batches)
                await this.acknowledge(b);
        }
    }
    /**
     * Reads on while the batches in hand hold a job that has not finished, for up to coalesceMs
     * and COALESCE_BATCHES batches: a job enqueued, claimed and completed within that time is then
     * folded into one final row, inserted once instead of inserted and updated (which leaves dead
     * rows and index entries behind until vacuum). Nothing is acknowledged before it is stored.
     */
    async coalesce(first) {
        const wait = this.options.coalesceMs ?? 0;
        const batches = [first];
        if (wait <= 0)
            return batches;
        const open = new OpenJobs();
        open.add(first.events);
        const deadline = Date.now() + wait;
        this.holding = true;
        try {
            while (!this.stopped && open.size > 0 && batches.length < COALESCE_BATCHES) {
                const left = deadline - Date.now();
                if (left <= 0)
                    break;
                const next = await this.read(left);
                if (!next)
                    break;
                if (next.entries === 0)
                    continue;
                batches.push(next);
                open.add(next.events);
            }
        }
        finally {
            this.holding = false;
        }
        return batches;
    }
    async read(waitMs) {
        this.reading = true;
        try {
            const batch = await this.source.read(this.options.batchSize, waitMs);
            this.recovered();
            return batch;
        }
        catch (err) {
            if (!this.stopped)
                await this.failed(`reading ${this.source.name}`, err);
            return undefined;
        }
        finally {
            this.reading = false;
        }
    }
    /**
     * true once stored; false when stopped first. A batch larger than batchSize events (entries of
     * large script calls) is written in slices of batchSize, each one statement per table; a slice
     * stored before a failure is written again on the retry, which the upsert rules make harmless.
     * The batch's gaps go with its first slice (a batch of gaps only: one write of them), and a gap
     * written twice is stored once (its id).
     */
    async store(batch) {
        const slices = [...slicesByJob(batch.events, this.options.batchSize)];
        if (slices.length === 0)
            slices.push([]); // a batch of gaps only
        for (let i = 0; i < slices.length; i++) {
            if (!(await this.storeSlice(slices[i], i === 0 ? batch.gaps : [])))
                return false;
        }
        return true;
    }
    /** Tried once even when stopping (the batches in hand), and again while not stopped. */
    async storeSlice(events, gaps) {
        for (let first = true; first || !this.stopped; first = false) {
            try {
                const report = await this.write(events, gaps);
                for (const r of report.rejected)
                    this.options.log?.error(`history skipped the events of job ${r.jobId}: ${r.reason}`);
                this.recovered();
                return true;
            }
            catch (err) {
                await this.failed(`writing ${events.length} events${gaps.length > 0 ? ` and ${gaps.length} gaps` : ''} of ${this.source.name}`, err);
            }
        }
        return false;
    }
    async acknowledge(batch) {
        try {
            await this.source.ack(batch);
            this.stored++;
        }
        catch (err) {
            // Stored but not acknowledged: the entries are claimed again later and written once more,
            // which the upsert rules make harmless.
            this.options.log?.warn(`history could not acknowledge ${batch.entries} entries of ${this.source.name}: ${message(err)}`);
        }
    }
    async failed(what, err) {
        this.failures++;
        const wait = this.backoff.next();
        // The first failure and then every tenth: an outage of minutes should not flood the log.
        if (this.failures === 1 || this.failures % 10 === 0) {
            this.options.log?.warn(`history ${what} failed (${this.failures}x), retrying in ${wait} ms: ${message(err)}`);
        }
        await (0, abortable_sleep_1.abortableSleep)(wait, this.stopping.signal);
    }
    recovered() {
        if (this.failures > 0)
            this.options.log?.warn(`history ${this.source.name} recovered after ${this.failures} failures`);
        this.failures = 0;
        this.backoff.reset();
    }
}
exports.HistoryDrain = HistoryDrain;
/** Most batches one coalesced write takes (with HISTORY_BATCH 2,000: about 16,000 events). */
const COALESCE_BATCHES = 8;
/** Jobs whose latest event (by position) leaves them unfinished. */
class OpenJobs {
    latest = new Map();
    size = 0;
    add(events) {
        for (const { event, version } of events) {
            const seen = this.latest.get(event.id);
            if (seen && seen.version > version)
                continue;
            const final = (0, job_1.isFinal)(event.st);
            if (!seen)
                this.size += final ? 0 : 1;
            else if (seen.final !== final)
                this.size += final ? -1 : 1;
            this.latest.set(event.id, { version, final });
        }
    }
}
/** Batches read one after another, stored as one (each acknowledged on its own after). */
function combined(batches) {
    if (batches.length === 1)
        return batches[0];
    return {
        events: batches.flatMap((b) => b.events),
        gaps: batches.flatMap((b) => b.gaps),
        entries: batches.reduce((n, b) => n + b.entries, 0),
        receipt: undefined,
    };
}
/**
 * Slices of at most `size` events that keep each job's events together (a job with more events
 * than that is a slice of its own), so a job folded from several reads is still one row written.
 */
function* slicesByJob(events, size) {
    if (events.length <= size) {
        if (events.length > 0)
            yield events;
        return;
    }
    let slice = [];
    for (const list of (0, history_batch_writer_1.groupByJob)(events)) {
        if (slice.length > 0 && slice.length + list.length > size) {
            yield slice;
            slice = [];
        }
        slice.push(...list);
    }
    if (slice.length > 0)
        yield slice;
}
function message(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=history-drain.js.map