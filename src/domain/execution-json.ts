import { QueueCounts } from './job';
import { Execution, ExecutionStatus } from './execution';

/** An execution as JSON, the shape `GET /executions/:id` returns and the callback POSTs. */
export interface ExecutionJson {
  id: string;
  queue: string;
  status: ExecutionStatus;
  counts: QueueCounts;
  total: number;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function toExecutionJson(execution: Execution): ExecutionJson {
  const c = execution.counts;
  const view: ExecutionJson = {
    id: execution.id,
    queue: execution.queue,
    status: execution.status,
    counts: { pending: c.pending, scheduled: c.scheduled, running: c.running, succeeded: c.succeeded, failed: c.failed, cancelled: c.cancelled, blocked: c.blocked, skipped: c.skipped },
    total: execution.total,
    createdAt: iso(execution.createdAt),
    updatedAt: iso(execution.updatedAt),
  };
  if (execution.finishedAt !== undefined) view.finishedAt = iso(execution.finishedAt);
  return view;
}
