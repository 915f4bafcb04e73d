import { JobSpec } from './job';
import { Execution } from './execution';
/**
 * The job that tells an execution's callbackUrl how it ended: a built-in `http` job on the
 * execution's queue that POSTs the execution JSON (as `GET /executions/:id` returns it). The
 * idempotency key names the execution alone: two refreshers that see the same final execution
 * (a re-dirtied or recovered refresh) enqueue one callback between them.
 */
export declare function executionCallbackSpec(execution: Execution): JobSpec;
export declare function executionCallbackKey(executionId: string): string;
