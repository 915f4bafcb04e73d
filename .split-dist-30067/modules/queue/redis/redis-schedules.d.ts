import type { RedisClient } from './redis-connection';
import { ScheduleDefinition, ScheduleRun, StoredSchedule } from '../../../domain/schedule';
import { ClaimedSchedule, ScheduleSettlement, ScheduleStore } from '../schedule-store';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';
type RunScript = (script: ScriptName, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;
/**
 * The Redis ScheduleStore: every key in SCHEDULES_KEY_SPACE's slot, every change one script.
 * Hash fields: def (definition JSON), ver, next (epoch ms, '' when ended), p (paused '1'), ct, ut,
 * last (latest run's job id), lt (the last tick a fire dealt with), f/s/m (fired, skipped,
 * missed), tok (the current claim's token, removed by the settle).
 */
export declare class RedisSchedules extends ScheduleStore {
    private readonly redis;
    private readonly keys;
    private readonly run;
    private readonly call;
    constructor(redis: RedisClient, keys: RedisQueueKeys, run: RunScript, call: Call);
    put(name: string, definition: ScheduleDefinition, nextAt: number | null, paused: boolean): Promise<{
        created: boolean;
        schedule: StoredSchedule;
    }>;
    get(name: string): Promise<StoredSchedule | null>;
    list(limit: number, cursor?: string): Promise<{
        items: StoredSchedule[];
        nextCursor: string | null;
    }>;
    delete(name: string): Promise<boolean>;
    setPaused(name: string, paused: boolean, nextAt: number | null): Promise<StoredSchedule | null>;
    claimDue(max: number, leaseMs: number, aheadMs?: number): Promise<{
        claimed: ClaimedSchedule[];
        nextDueAt: number | null;
    }>;
    settle(items: ScheduleSettlement[]): Promise<('ok' | 'stale')[]>;
    recordRun(name: string, run: ScheduleRun): Promise<boolean>;
}
export {};
