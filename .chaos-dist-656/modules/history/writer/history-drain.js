"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryDrain = void 0;
const capped_backoff_1 = require("./capped-backoff");
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
    loop;
    backoff;
    failures = 0;
    /** Batches stored and acknowledged since start (for tests and metrics). */
    stored = 0;
    constructor(source, write, options) {
        this.source = source;
        this.write = write;
        this.options = options;
        this.backoff = new capped_backoff_1.CappedBackoff(options.retryInitialMs ?? 250, options.retryMaxMs ?? 30_000);
    }
    start() {
        this.loop ??= this.run();
    }
    /** Stops after the batch in hand is stored and acknowledged (or abandoned, while Postgres is away). */
    async stop() {
        this.stopping.abort();
        if (this.reading)
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
            if (!(await this.store(batch)))
                return;
            await this.acknowledge(batch);
        }
    }
    async read() {
        this.reading = true;
        try {
            const batch = await this.source.read(this.options.batchSize);
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
    /** true once stored; false when stopped first. */
    async store(batch) {
        while (!this.stopped) {
            try {
                const report = await this.write(batch.events);
                for (const r of report.rejected)
                    this.options.log?.error(`history skipped the events of job ${r.jobId}: ${r.reason}`);
                this.recovered();
                return true;
            }
            catch (err) {
                await this.failed(`writing ${batch.events.length} events of ${this.source.name}`, err);
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
        const wait = this.backoff.take();
        // The first failure and then every tenth: an outage of minutes should not flood the log.
        if (this.failures === 1 || this.failures % 10 === 0) {
            this.options.log?.warn(`history ${what} failed (${this.failures}x), retrying in ${wait} ms: ${message(err)}`);
        }
        await (0, capped_backoff_1.sleep)(wait, this.stopping.signal);
    }
    recovered() {
        if (this.failures > 0)
            this.options.log?.warn(`history ${this.source.name} recovered after ${this.failures} failures`);
        this.failures = 0;
        this.backoff.reset();
    }
}
exports.HistoryDrain = HistoryDrain;
function message(err) {
    return err instanceof Error ? err.message : String(err);
}
//# sourceMappingURL=history-drain.js.map