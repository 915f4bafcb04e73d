import { Clock } from '../../../domain/clock';
import { ScheduleDefinition, ScheduleRun, StoredSchedule } from '../../../domain/schedule';
import { ClaimedSchedule, ScheduleSettlement, ScheduleStore } from '../schedule-store';
/** The in-memory ScheduleStore: one process, so a claim is a plain step on a heap ordered by due time. */
export declare class MemorySchedules extends ScheduleStore {
    private readonly clock;
    private readonly entries;
    private readonly due;
    private tokens;
    constructor(clock: Clock);
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
    private addRuns;
    /**
     * In the due index at its nextAt unless paused or ended; while a claim holds it (and it is in
     * the index) it keeps its lease end (as includes/schedule-index.lua).
     */
    private index;
    private view;
}
