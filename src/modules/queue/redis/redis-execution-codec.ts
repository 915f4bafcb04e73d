import { ExecutionRecord } from '../../../domain/execution';
import { JOB_STATUSES, QueueCounts } from '../../../domain/job';
import { queueOfJobId } from '../../../domain/job-id';
import { JobHash } from './redis-job-codec';

/**
 * The execution counters hash (src/lua/includes/execution-counters.lua): one field per job status,
 * t total, ct/ut created/updated, v version, cb callback url, cbq callback enqueued ('1').
 */
export function decodeExecution(id: string, h: JobHash): ExecutionRecord {
  const counts = {} as QueueCounts;
  for (const status of JOB_STATUSES) counts[status] = Number(h[status] ?? 0);
  const record: ExecutionRecord = {
    id,
    queue: queueOfJobId(id) ?? '',
    total: Number(h.t ?? 0),
    counts,
    createdAt: Number(h.ct ?? 0),
    updatedAt: Number(h.ut ?? h.ct ?? 0),
    version: Number(h.v ?? 0),
    callbackEnqueued: h.cbq === '1',
  };
  if (h.cb !== undefined) record.callbackUrl = h.cb;
  return record;
}
