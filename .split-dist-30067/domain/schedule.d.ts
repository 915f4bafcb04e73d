import { BackoffOptions } from './job';
/**
 * Recurring schedules: the model shared by the stores, the scheduler and the API. Plain
 * TypeScript plus croner, the one cron library: no cron arithmetic is written here by hand.
 */
export declare const OVERLAP_POLICIES: readonly ["allow", "skip"];
export type OverlapPolicy = (typeof OVERLAP_POLICIES)[number];
export declare const CATCH_UP_POLICIES: readonly ["none", "latest", "all"];
export type CatchUpPolicy = (typeof CATCH_UP_POLICIES)[number];
export declare const DEFAULT_MAX_CATCH_UP = 100;
/** The most ticks one fire may enqueue for a schedule that missed many (catchUp 'all'). */
export declare const MAX_CATCH_UP_LIMIT = 1000;
/** everyMs and cron both tick at most once a second. */
export declare const MIN_EVERY_MS = 1000;
export declare const MAX_EVERY_MS: number;
/** The runs a schedule keeps (GET /schedules/:name, lastRuns). */
export declare const SCHEDULE_RUNS_KEPT = 20;
/** nextRuns shows this many coming fire times. */
export declare const NEXT_RUNS_SHOWN = 5;
/**
 * The idempotency key of the job a tick fires: a tick makes one job in its queue whichever
 * instance fires it and however often (a fire cut short by a crash is fired again by another
 * instance with the same key). The prefix is reserved: POST /jobs refuses keys that start with it.
 */
export declare const SCHEDULE_KEY_PREFIX = "claimq-schedule:";
export declare function tickIdempotencyKey(name: string, fireAt: number): string;
/**
 * A manual trigger's key: its own, so it never takes the key of a tick at the same millisecond.
 * The time comes first in both shapes and names may hold ':', so no two schedules' keys meet.
 */
export declare function triggerIdempotencyKey(name: string, fireAt: number): string;
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
export declare const MAX_SCHEDULE_TIME: number;
/** Where everyMs ticks of a stored schedule count from (nextTick's `anchor`). */
export declare function anchorOf(schedule: Pick<StoredSchedule, 'definition' | 'createdAt'>): number;
/** Whether two definitions tick at the same times (a replace that keeps them keeps its place). */
export declare function sameTicks(a: ScheduleDefinition, b: ScheduleDefinition): boolean;
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
export declare function validateScheduleName(name: string): void;
/** Whether `zone` is an IANA time zone this runtime knows. */
export declare function isTimeZone(zone: string): boolean;
/**
 * The rules the DTOs cannot check alone; also what embedded callers could get wrong. Throws
 * InvalidJobSpecError naming the field.
 */
export declare function checkScheduleDefinition(def: ScheduleDefinition): void;
/**
 * The first tick strictly after `after` (epoch ms) within startAt..endAt, or null when there is
 * none. Ticks of everyMs are anchored at startAt, or at `anchor` (the schedule's creation time).
 */
export declare function nextTick(def: ScheduleDefinition, after: number, anchor: number): number | null;
/** The next `count` ticks from `first` (inclusive), for nextRuns. */
export declare function upcomingTicks(def: ScheduleDefinition, first: number | null, anchor: number, count: number): number[];
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
export declare function planFire(def: ScheduleDefinition, first: number, now: number, anchor: number, graceMs: number): FirePlan;
