"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefresher = void 0;
const execution_callback_1 = require("../../domain/execution-callback");
const execution_1 = require("../../domain/execution");
const job_spec_1 = require("../../domain/job-spec");
const tracing_1 = require("../tracing");
/**
 * One refresh batch of one queue: claim up to `batch` dirty executions (one store call), write
 * their status (one statement, when a database is configured), enqueue the callbacks of those
 * that just ended (one enqueue; each callback's idempotency key is the execution's, so two
 * refreshers never send one twice), then acknowledge. A failure before the ack leaves the batch
 * in flight; the reaper returns it to the refresh set after REFRESH_STALE_MS. A record the
 * database refuses as data is set aside (reported through onRejected) and acknowledged with the
 * rest, so it cannot hold back the other executions of its queue.
 */
class ExecutionRefresher {
    store;
    sink;
    clock;
    options;
    constructor(store, sink, clock, options) {
        this.store = store;
        this.sink = sink;
        this.clock = clock;
        this.options = options;
    }
    get refresherId() {
        return this.options.refresherId;
    }
    async refreshBatch(queue) {
        const { refresherId, batch } = this.options;
        const records = await this.store.claimRefresh(queue, refresherId, batch);
        if (records.length === 0)
            return [];
        const executions = records.map(execution_1.toExecution);
        if (this.sink) {
            const rejected = await this.sink.write(executions);
            if (rejected && rejected.length > 0)
                this.options.onRejected?.(queue, rejected);
        }
        const due = executions.filter((e) => (0, execution_1.isExecutionFinal)(e.status) && e.callbackUrl !== undefined && !e.callbackEnqueued);
        if (due.length > 0) {
            const opts = { now: this.clock.now(), maxPayloadBytes: this.options.maxPayloadBytes, hostGroups: this.options.hostGroups };
            const callbacks = due.map((e) => (0, job_spec_1.normalizeJobSpec)((0, execution_callback_1.executionCallbackSpec)(e), opts));
            await (this.options.tracer ?? tracing_1.NOOP_JOB_TRACER).traceEnqueueEach(callbacks, () => this.store.enqueue(callbacks));
        }
        await this.store.ackRefresh(queue, refresherId, executions.map((e) => e.id), due.map((e) => e.id));
        return executions;
    }
}
exports.ExecutionRefresher = ExecutionRefresher;
//# sourceMappingURL=execution-refresher.js.map