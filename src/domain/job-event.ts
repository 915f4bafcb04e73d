import { JobStatus } from './job';

/**
 * One job state change, as every store records it (Redis: in the same Lua script as the change,
 * appended to the queue's `events` stream; memory: pushed to the in-process event sink). The
 * history writer turns these into `job_records` upserts and `job_attempts` rows.
 *
 * Short keys on purpose: a busy queue writes one of these per transition.
 */
export const JOB_EVENT_KINDS = [
  'enqueued',
  'claimed',
  'succeeded',
  'retry_scheduled',
  'failed',
  'released',
  'expired',
  'cancelled',
  'cancel_requested',
  'retried',
  'promoted',
  'unblocked',
  'skipped',
  'progress',
  'log',
] as const;

export type JobEventKind = (typeof JOB_EVENT_KINDS)[number];

export interface JobEvent {
  /** kind */
  k: JobEventKind;
  /** job id */
  id: string;
  /** status after the change */
  st: JobStatus;
  /** attempts after the change */
  att: number;
  /** epoch ms of the change */
  at: number;
  /** worker id (claimed and every end of an attempt) */
  w?: string;
  /**
   * run number (claimed and every end of an attempt): the job's fencing token of that attempt,
   * bumped on every claim and never reset, so it names one attempt even where the attempt number
   * is used again (a release gives it back; an API retry restarts the count).
   */
  run?: number;
  /** error text (failed, retry_scheduled, expired) */
  err?: string;
  /** result JSON text (succeeded) */
  res?: string;
  /**
   * progress: the progress JSON text; log: a JSON array, the first line's number (from 1, over the
   * job's life) then the lines (job-progress.ts)
   */
  data?: string;
  /** on enqueued: type, priority, created time, max attempts, execution id */
  type?: string;
  prio?: number;
  ctime?: number;
  max?: number;
  exec?: string;
  /** on enqueued, for a job a recurring schedule fired (both or neither): its schedule's name and fireAt */
  sn?: string;
  sf?: number;
  /** on enqueued, for a job of an execution's graph: its key, and its parents' keys (job-graph.ts) */
  key?: string;
  dep?: string[];
}
