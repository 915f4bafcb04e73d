"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefresher = void 0;
const execution_callback_1 = require("../../domain/execution-callback");
const execution_1 = require("../../domain/execution");
const job_spec_1 = require("../../domain/job-spec");
/**
 * One refresh batch of one queue: claim up to `batch` dirty executions (one store call), write
 * their status (one statement, when a database is configured), enqueue the callbacks of those
 * that just ended (one enqueue; each callback's idempotency key is the execution's, so two
 * refreshers never send one twice), then acknowledge. A failure before the ack leaves the batch
 * in flight; the reaper returns it to the refresh set after REFRESH_STALE_MS.
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
        if (this.sink)
            await this.sink.write(executions);
        const due = executions.filter((e) => (0, execution_1.isExecutionFinal)(e.status) && e.callbackUrl !== undefined && !e.callbackEnqueued);
        if (due.length > 0) {
            const opts = { now: this.clock.now(), maxPayloadBytes: this.options.maxPayloadBytes };
            await this.store.enqueue(due.map((e) => (0, job_spec_1.normalizeJobSpec)((0, execution_callback_1.executionCallbackSpec)(e), opts)));
        }
        await this.store.ackRefresh(queue, refresherId, executions.map((e) => e.id), due.map((e) => e.id));
        return executions;
    }
}
exports.ExecutionRefresher = ExecutionRefresher;
//# sourceMappingURL=execution-refresher.js.map