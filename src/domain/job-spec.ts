import { hostGroupOf } from './fairness';
import { HTTP_JOB_TYPE } from './http-job';
import { HttpJobSecrets } from './http-job-secrets';
import { newJobId } from './job-id';
import { InvalidJobSpecError, PayloadTooLargeError } from './errors';
import {
  DEFAULT_BACKOFF,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_QUEUE,
  DEFAULT_TIMEOUT_MS,
  JobSchedule,
  JobSpec,
  NAME_PATTERN,
  NewJob,
} from './job';

/** The latest time a Date holds: a later fireAt could not be shown as ISO-8601 (toJobJson). */
const MAX_DATE_MS = 8_640_000_000_000_000;

export interface NormalizeOptions {
  now: number;
  maxPayloadBytes: number;
  /** Seals the secret headers of `http` jobs for storage (JobsService passes it; callbacks carry none). */
  secrets?: Pick<HttpJobSecrets, 'seal'>;
  /**
   * An `http` job without a group gets its target host's group (`host:<host>`, fairness.ts
   * hostGroupOf): on while HTTP_HOST_CONCURRENCY is more than 0. Off: it stays in the default group.
   */
  hostGroups?: boolean;
}

/**
 * Applies defaults and the rules every entry point shares (API, bulk, executions, embedded code).
 * Shape and ranges are checked by the DTOs at the HTTP edge; this re-checks what embedded callers
 * could get wrong and what needs the clock or the payload's encoded size.
 */
export function normalizeJobSpec(spec: JobSpec, opts: NormalizeOptions, field = 'payload'): NewJob {
  const queue = spec.queue ?? DEFAULT_QUEUE;
  if (!NAME_PATTERN.test(queue)) throw new InvalidJobSpecError('queue', 'must match [A-Za-z0-9_.:-]{1,100}');
  if (typeof spec.type !== 'string' || !NAME_PATTERN.test(spec.type)) {
    throw new InvalidJobSpecError('type', 'must match [A-Za-z0-9_.:-]{1,100}');
  }
  if (spec.delayMs !== undefined && spec.runAt !== undefined) {
    throw new InvalidJobSpecError('delayMs', 'cannot be given together with runAt');
  }
  const payloadJson = spec.payload === undefined ? 'null' : JSON.stringify(spec.payload);
  const size = Buffer.byteLength(payloadJson);
  if (size > opts.maxPayloadBytes) throw new PayloadTooLargeError(field, size, opts.maxPayloadBytes);
  // the limit is on what the client sent: a sealed secret is longer than the value it seals
  const stored = opts.secrets ? opts.secrets.seal(spec.type, spec.payload) : spec.payload;
  const runAt = spec.runAt ?? opts.now + (spec.delayMs ?? 0);
  const schedule = spec.schedule === undefined ? undefined : normalizeSchedule(spec.schedule);
  if (spec.group !== undefined && (typeof spec.group !== 'string' || !NAME_PATTERN.test(spec.group))) {
    throw new InvalidJobSpecError('group', 'must match [A-Za-z0-9_.:-]{1,100}');
  }
  const group = spec.group ?? (opts.hostGroups ? defaultGroupOf(spec.type, spec.payload) : undefined);
  const job: NewJob = {
    id: newJobId(queue, opts.now),
    queue,
    type: spec.type,
    payloadJson: stored === spec.payload ? payloadJson : JSON.stringify(stored),
    priority: spec.priority ?? 0,
    runAt,
    maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoff: spec.backoff ? { ...DEFAULT_BACKOFF, ...spec.backoff } : DEFAULT_BACKOFF,
    timeoutMs: spec.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    idempotencyKey: spec.idempotencyKey,
    callbackUrl: spec.callbackUrl,
    executionId: spec.executionId,
    schedule,
  };
  if (group !== undefined) job.group = group;
  return job;
}

/**
 * The group a job without one gets while host groups are on: an `http` job's target host's group;
 * any other job none (the queue's default group). Undefined also for a payload without a usable url.
 */
export function defaultGroupOf(type: string, payload: unknown): string | undefined {
  if (type !== HTTP_JOB_TYPE || typeof payload !== 'object' || payload === null) return undefined;
  const { url } = payload as { url?: unknown };
  return typeof url === 'string' ? hostGroupOf(url) : undefined;
}

/** A copy: the stores keep what they are given, and the caller's object stays its own. */
function normalizeSchedule(schedule: JobSchedule): JobSchedule {
  if (typeof schedule !== 'object' || schedule === null) throw new InvalidJobSpecError('schedule', 'must be an object with a name and a fireAt');
  const { name, fireAt } = schedule;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) throw new InvalidJobSpecError('schedule.name', 'must match [A-Za-z0-9_.:-]{1,100}');
  if (!Number.isInteger(fireAt) || fireAt < 0 || fireAt > MAX_DATE_MS) {
    throw new InvalidJobSpecError('schedule.fireAt', `must be a whole number of epoch ms from 0 to ${MAX_DATE_MS}`);
  }
  return { name, fireAt };
}
