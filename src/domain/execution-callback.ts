import { HTTP_JOB_TYPE } from './http-job';
import { JobSpec } from './job';
import { CALLBACK_BACKOFF, CALLBACK_MAX_ATTEMPTS } from './job-callback';
import { Execution } from './execution';
import { toExecutionJson } from './execution-json';

/**
 * The job that tells an execution's callbackUrl how it ended: a built-in `http` job on the
 * execution's queue that POSTs the execution JSON (as `GET /executions/:id` returns it). The
 * idempotency key names the execution alone: two refreshers that see the same final execution
 * (a re-dirtied or recovered refresh) enqueue one callback between them.
 */
export function executionCallbackSpec(execution: Execution): JobSpec {
  if (!execution.callbackUrl) throw new Error(`execution ${execution.id} has no callbackUrl`);
  return {
    type: HTTP_JOB_TYPE,
    queue: execution.queue,
    payload: { url: execution.callbackUrl, method: 'POST', body: toExecutionJson(execution) },
    maxAttempts: CALLBACK_MAX_ATTEMPTS,
    backoff: { ...CALLBACK_BACKOFF },
    idempotencyKey: executionCallbackKey(execution.id),
  };
}

export function executionCallbackKey(executionId: string): string {
  return `claimq.execution-callback:${executionId}`;
}
