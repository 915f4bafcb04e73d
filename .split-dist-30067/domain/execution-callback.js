"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.executionCallbackSpec = executionCallbackSpec;
exports.executionCallbackKey = executionCallbackKey;
const http_job_1 = require("./http-job");
const job_callback_1 = require("./job-callback");
const execution_json_1 = require("./execution-json");
/**
 * The job that tells an execution's callbackUrl how it ended: a built-in `http` job on the
 * execution's queue that POSTs the execution JSON (as `GET /executions/:id` returns it). The
 * idempotency key names the execution alone: two refreshers that see the same final execution
 * (a re-dirtied or recovered refresh) enqueue one callback between them.
 */
function executionCallbackSpec(execution) {
    if (!execution.callbackUrl)
        throw new Error(`execution ${execution.id} has no callbackUrl`);
    return {
        type: http_job_1.HTTP_JOB_TYPE,
        queue: execution.queue,
        payload: { url: execution.callbackUrl, method: 'POST', body: (0, execution_json_1.toExecutionJson)(execution) },
        maxAttempts: job_callback_1.CALLBACK_MAX_ATTEMPTS,
        backoff: { ...job_callback_1.CALLBACK_BACKOFF },
        idempotencyKey: executionCallbackKey(execution.id),
    };
}
function executionCallbackKey(executionId) {
    return `claimq.execution-callback:${executionId}`;
}
//# sourceMappingURL=execution-callback.js.map