import { Cron } from 'croner';
import { InvalidJobSpecError } from './errors';
import { BackoffOptions, NAME_PATTERN } from './job';

/**
 * Recurring schedules: the model shared by the stores, the scheduler and the API. Plain
 * TypeScript plus croner, the one cron library: no cron arithmetic is written here by hand.
 */

export const OVERLAP_POLICIES = ['allow', 'skip'] as const;
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];

export const CATCH_UP_POLICIES = ['none', 'latest', 'all'] as const;
export type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];

export const DEFAULT_MAX_CATCH_UP = 100;
/** The most ticks one fire may enqueue for a schedule that missed many (catchUp 'all'). */
export const MAX_CATCH_UP_LIMIT = 1_000;
/** everyMs and cron both tick at most once a second. */
export const MIN_EVERY_MS = 1_000;
export const MAX_EVERY_MS = 366 * 86_400_000;
/** The runs a schedule keeps (GET /schedules/:name, lastRuns). */
export const SCHEDULE_RUNS_KEPT = 20;
/** nextRuns shows this many coming fire times. */
export const NEXT_RUNS_SHOWN = 5;

/**
 * The idempotency key of the job a tick fires: a tick makes one job in its queue whichever
 * instance fires it and however often (a fire cut short by a crash is fired again by another
 * instance with the same key). The prefix is reserved: POST /jobs refuses keys that start with it.
 */
export const SCHEDULE_KEY_PREFIX = 'claimq-schedule:';

export function tickIdempotencyKey(name: string, fireAt: number): string {
  return `${SCHEDULE_KEY_PREFIX}${fireAt}:${name}`;
}

/**
 * A manual trigger's key: its own, so it never takes the key of a tick at the same millisecond.
 * The time comes first in both shapes and names may hold ':', so no two schedules' keys meet.
 */
export function triggerIdempotencyKey(name: string, fireAt: number): string {
  return `${SCHEDULE_KEY_PREFIX}trigger:${fireAt}:${name}`;
}

/** What each fired job is made of: a job of POST /jobs without queue, timing and key. */
export interface ScheduleJobTemplate {
  type: string;
  /** JSON text, as the stores keep payloads (secret headers of an http job sealed). */
  payloadJson: string;
  priority: number;
  maxAttempts: number;
  backoff: BackoffOptions;
  timeoutMs: number;
  callbackUrl?: string;
  /**
   * The group the client gave (NAME_PATTERN). An `http` job's host group is not kept here: each
   * fire works it out under the HTTP_HOST_CONCURRENCY of the instance that fires.
   */
  group?: string;
}

/** A schedule's definition after defaults: what PUT /schedules/:name stores. */
export interface ScheduleDefinition {
  queue: string;
  cron?: string;
  everyMs?: number;
  timezone: string;
  job: ScheduleJobTemplate;
  overlap: OverlapPolicy;
  catchUp: CatchUpPolicy;
  maxCatchUp: number;
  startAt?: number;
  endAt?: number;
  /**
   * Where everyMs ticks count from when there is no startAt: the time the schedule was first
   * created, chosen by the API (a replace keeps it). Absent: the schedule's createdAt.
   */
  anchor?: number;
}

/** The latest time a schedule's startAt or endAt may name: croner computes no cron time past 2999. */
export const MAX_SCHEDULE_TIME = Date.UTC(2999, 11, 31, 23, 59, 59, 999);

/** Where everyMs ticks of a stored schedule count from (nextTick's `anchor`). */
export function anchorOf(schedule: Pick<StoredSchedule, 'definition' | 'createdAt'>): number {
  return schedule.definition.anchor ?? schedule.createdAt;
}

/** Whether two definitions tick at the same times (a replace that keeps them keeps its place). */
export function sameTicks(a: ScheduleDefinition, b: ScheduleDefinition): boolean {
  return a.cron === b.cron && a.everyMs === b.everyMs && a.timezone === b.timezone && a.startAt === b.startAt && a.endAt === b.endAt && a.anchor === b.anchor;
}

/** One tick fired (or a manual trigger): the job it made. */
export interface ScheduleRun {
  fireAt: number;
  jobId: string;
  trigger?: boolean;
}

/** A schedule as a store holds it. */
export interface StoredSchedule {
  name: string;
  definition: ScheduleDefinition;
  paused: boolean;
  /** The next tick to fire (epoch ms), or null once the schedule has ended (past endAt). */
  nextAt: number | null;
  /** Bumped by every PUT: a fire computed from an older definition does not move nextAt. */
  version: number;
  createdAt: number;
  updatedAt: number;
  /** The job of the latest run (overlap 'skip' asks whether it is still live). */
  lastJobId?: string;
  /** Ticks fired (jobs made), ticks skipped for overlap, ticks missed (catchUp). */
  fired: number;
  skipped: number;
  missed: number;
  /**
   * The latest tick a settled fire dealt with (fired, skipped or missed): a fire never plans a
   * tick at or before it, whatever nextAt a replace or resume raced in.
   */
  lastTick?: number;
  /** The latest runs, newest first (store reads that return them: get). */
  runs?: ScheduleRun[];
}

export function validateScheduleName(name: string): void {
  if (!NAME_PATTERN.test(name)) throw new InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The rules the DTOs cannot check alone; also what embedded callers could get wrong. Throws
 * InvalidJobSpecError naming the field.
 */
export function checkScheduleDefinition(def: ScheduleDefinition): void {
  if ((def.cron === undefined) === (def.everyMs === undefined)) {
    throw new InvalidJobSpecError(def.cron === undefined ? 'cron' : 'everyMs', 'exactly one of cron and everyMs must be given');
  }
  if (!isTimeZone(def.timezone)) throw new InvalidJobSpecError('timezone', `${def.timezone} is not an IANA time zone`);
  if (def.cron !== undefined) cronOf(def);
  if (def.everyMs !== undefined && (!Number.isInteger(def.everyMs) || def.everyMs < MIN_EVERY_MS || def.everyMs > MAX_EVERY_MS)) {
    throw new InvalidJobSpecError('everyMs', `must be an integer from ${MIN_EVERY_MS} to ${MAX_EVERY_MS}`);
  }
  if (!Number.isInteger(def.maxCatchUp) || def.maxCatchUp < 1 || def.maxCatchUp > MAX_CATCH_UP_LIMIT) {
    throw new InvalidJobSpecError('maxCatchUp', `must be an integer from 1 to ${MAX_CATCH_UP_LIMIT}`);
  }
  for (const field of ['startAt', 'endAt'] as const) {
    if (def[field] !== undefined && def[field] > MAX_SCHEDULE_TIME) throw new InvalidJobSpecError(field, 'must be at most 2999-12-31T23:59:59.999Z');
  }
  if (def.startAt !== undefined && def.endAt !== undefined && def.endAt <= def.startAt) {
    throw new InvalidJobSpecError('endAt', 'must be after startAt');
  }
}

function isUtc(zone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone === 'UTC';
  } catch {
    return false;
  }
}

// Parsed patterns, shared: a scheduler fires the same schedules every tick.
const crons = new Map<string, Cron>();
const CRON_CACHE_MAX = 10_000;

/**
 * The croner object of a cron schedule. 5 fields (minute precision) or 6 (seconds first). A time
 * in a daylight-saving gap fires at the first valid time after the gap; a time that occurs twice
 * fires once, at its first occurrence (croner's fixed-time rule, for patterns whose second, minute
 * and hour are single values, such as `30 2 * * *`); patterns with wildcards or steps in those
 * fields are interval patterns: they skip times in the gap and fire on both occurrences.
 */
function cronOf(def: Pick<ScheduleDefinition, 'cron' | 'timezone'>): Cron {
  const key = `${def.timezone} ${def.cron}`;
  let cron = crons.get(key);
  if (!cron) {
    // UTC as a fixed offset: croner then skips its time-zone conversions (10 µs a tick, not 75)
    const zone = isUtc(def.timezone) ? { utcOffset: 0 } : { timezone: def.timezone };
    try {
      cron = new Cron(def.cron!, { ...zone, paused: true, mode: '5-or-6-parts', domAndDow: false });
    } catch (err) {
      throw new InvalidJobSpecError('cron', `is not a cron pattern of 5 or 6 fields: ${(err as Error).message}`);
    }
    if (crons.size >= CRON_CACHE_MAX) crons.delete(crons.keys().next().value as string);
    crons.set(key, cron);
  }
  return cron;
}

/**
 * The first tick strictly after `after` (epoch ms) within startAt..endAt, or null when there is
 * none. Ticks of everyMs are anchored at startAt, or at `anchor` (the schedule's creation time).
 */
export function nextTick(def: ScheduleDefinition, after: number, anchor: number): number | null {
  const from = def.startAt !== undefined ? Math.max(after, def.startAt - 1) : after;
  let tick: number | null;
  if (def.everyMs !== undefined) {
    const base = def.startAt ?? anchor;
    tick = from < base ? base : base + (Math.floor((from - base) / def.everyMs) + 1) * def.everyMs;
  } else {
    const next = cronOf(def).nextRun(new Date(from));
    tick = next ? next.getTime() : null;
  }
  return tick !== null && (def.endAt === undefined || tick <= def.endAt) ? tick : null;
}

/** The next `count` ticks from `first` (inclusive), for nextRuns. */
export function upcomingTicks(def: ScheduleDefinition, first: number | null, anchor: number, count: number): number[] {
  const ticks: number[] = [];
  for (let t = first; t !== null && ticks.length < count; t = nextTick(def, t, anchor)) ticks.push(t);
  return ticks;
}

/**
 * Ticks a fire enumerates one by one at most (croner takes 10 to 75 µs a tick): beyond that, it
 * jumps to the latest ticks and counts the others by their span (exact for a regular pattern, an
 * estimate for an irregular one). catchUp 'all' enumerates up to its maxCatchUp and this many more.
 */
const ENUMERATE_EXTRA = 100;

/** What one fire of a schedule does with its due ticks. */
export interface FirePlan {
  /** Ticks to fire, oldest first. */
  fire: number[];
  /** Due ticks not fired because their time had passed (catchUp). */
  missed: number;
  /** The tick after the last one due: the schedule's next nextAt (null: ended). */
  nextAt: number | null;
  /** The last due tick (fired or not), or undefined when none was due. */
  lastDue?: number;
}

/**
 * Which of a schedule's due ticks (from `first`, its nextAt, up to `now`) a fire makes jobs for:
 * - 'all': every due tick, the latest maxCatchUp of them if more are due;
 * - 'latest': the latest due tick only;
 * - 'none': the latest due tick only if it is on time (at most `graceMs` old), else none.
 * The other due ticks are missed. A tick's time is on time when the scheduler is merely late (a
 * busy instance, a failover), and missed when no instance ran at all: `graceMs` tells them apart.
 */
export function planFire(def: ScheduleDefinition, first: number, now: number, anchor: number, graceMs: number): FirePlan {
  const keep = def.catchUp === 'all' ? def.maxCatchUp : 1;
  const limit = keep + ENUMERATE_EXTRA;
  // the latest `keep` due ticks enumerated, and how many were due in all
  let due: number[] = [];
  let counted = 0;
  let t: number | null = first;
  while (t !== null && t <= now && counted < limit) {
    due.push(t);
    counted++;
    t = nextTick(def, t, anchor);
  }
  if (t !== null && t <= now) {
    // a long outage of a frequent schedule: jump to the latest ticks, count those between by span
    const enumeratedLast = due[due.length - 1];
    const period = counted > 1 ? (enumeratedLast - first) / (counted - 1) : t - enumeratedLast;
    const latest = latestTicks(def, now, anchor, keep);
    const latestLast = latest[latest.length - 1] ?? enumeratedLast;
    counted += Math.max(0, Math.round((latestLast - enumeratedLast) / Math.max(period, 1)));
    due = latest.length > 0 ? latest : due;
    t = nextTick(def, now, anchor);
  }
  due = due.slice(-keep);
  const lastDue = due[due.length - 1];
  const fire = def.catchUp === 'none' && (lastDue === undefined || now - lastDue > graceMs) ? [] : due;
  return { fire, missed: counted - fire.length, nextAt: t, ...(lastDue !== undefined ? { lastDue } : {}) };
}

/** The latest `count` ticks at or before `now`, oldest first. */
function latestTicks(def: ScheduleDefinition, now: number, anchor: number, count: number): number[] {
  const until = def.endAt !== undefined ? Math.min(now, def.endAt) : now;
  if (def.everyMs !== undefined) {
    const base = def.startAt ?? anchor;
    const last = base + Math.floor((until - base) / def.everyMs) * def.everyMs;
    const ticks: number[] = [];
    for (let t = last; ticks.length < count && t >= base; t -= def.everyMs) ticks.unshift(t);
    return ticks;
  }
  return cronOf(def)
    .previousRuns(count, new Date(until + 1))
    .map((d) => d.getTime())
    .filter((t) => t <= until && (def.startAt === undefined || t >= def.startAt))
    .sort((a, b) => a - b);
}
