import { ScheduleDefinition, ScheduleRun, StoredSchedule } from '../../domain/schedule';
/**
 * Where schedules live: the same Redis (one hash-tagged slot for all of them, so every script
 * touches one slot on Redis Cluster) or memory as the store's jobs. Every instance's scheduler
 * claims due schedules from one index ordered by next fire time; a claim holds a schedule for a
 * lease and gives it a fencing token, and only the holder of the current token moves its nextAt
 * (settle). The fired jobs themselves carry an idempotency key derived from (schedule, fireAt), so
 * a fire repeated after its claimer died makes no second job. test/contract/schedule.cases.ts is
 * the executable form of this comment.
 */
export declare abstract class ScheduleStore {
    /**
     * Creates or replaces `name`. A replace keeps its runs, counters and creation time and bumps its
     * version; `nextAt` (computed by the caller from the definition) and `paused` are set as given.
     */
    abstract put(name: string, definition: ScheduleDefinition, nextAt: number | null, paused: boolean): Promise<{
        created: boolean;
        schedule: StoredSchedule;
    }>;
    /** The schedule with its latest runs (newest first), or null. */
    abstract get(name: string): Promise<StoredSchedule | null>;
    /** Schedules by name; `cursor` is opaque (the last name of the previous page). */
    abstract list(limit: number, cursor?: string): Promise<{
        items: StoredSchedule[];
        nextCursor: string | null;
    }>;
    /** Removes the schedule and its runs; false when there was none. Jobs it fired stay. */
    abstract delete(name: string): Promise<boolean>;
    /**
     * Pauses (out of the due index; a fire in flight does not put it back) or resumes it with the
     * given nextAt (the caller computes the first tick after now: ticks while paused are not caught
     * up); resuming one that is not paused changes nothing. Null when there is no such schedule.
     * While a claim holds a schedule, a put or resume leaves it at its lease's end in the due index:
     * the settle puts it back at its nextAt, so no second claimer fires the tick in flight.
     */
    abstract setPaused(name: string, paused: boolean, nextAt: number | null): Promise<StoredSchedule | null>;
    /**
     * Takes up to `max` schedules whose nextAt is at or before the store's clock plus `aheadMs`
     * (a scheduler prepares a fire before its tick), earliest first: each gets a new token and is
     * held for `leaseMs` (the index then orders it at its lease's end, so a claimer that dies hands
     * it to the next claimer after that). `nextDueAt`: the earliest nextAt or lease end left in the
     * index after the claim, for the caller's sleep.
     */
    abstract claimDue(max: number, leaseMs: number, aheadMs?: number): Promise<{
        claimed: ClaimedSchedule[];
        nextDueAt: number | null;
    }>;
    /**
     * Records what fires did, per item 'ok' or 'stale' (a newer claim took the schedule, or it was
     * deleted: nothing changes). A schedule replaced since its claim (version) records the runs and
     * counters but keeps the nextAt the replace set.
     */
    abstract settle(items: ScheduleSettlement[]): Promise<('ok' | 'stale')[]>;
    /** Records a run outside the ticks (a manual trigger): false when the schedule is gone. */
    abstract recordRun(name: string, run: ScheduleRun): Promise<boolean>;
}
export interface ClaimedSchedule {
    schedule: StoredSchedule;
    /** Fencing token of this claim: settle presents it. */
    token: number;
}
export interface ScheduleSettlement {
    name: string;
    token: number;
    /** The definition's version the fire was computed from. */
    version: number;
    nextAt: number | null;
    /** The last due tick this fire dealt with (fired, skipped or missed). */
    lastTick?: number;
    /** Runs this fire made, oldest first (the store keeps the latest SCHEDULE_RUNS_KEPT). */
    runs: ScheduleRun[];
    fired: number;
    skipped: number;
    missed: number;
}
/** The role of the store the schedules API and the scheduler use. */
export type ScheduleOperations = ScheduleStore;
