import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { Job, JobSpec } from '../../domain/job';
import { CatchUpPolicy, OverlapPolicy, StoredSchedule } from '../../domain/schedule';
import { JobsService } from '../jobs';
import { ClaimqMetrics } from '../metrics';
import { JobStore } from '../queue';
import { JobTracer } from '../tracing';
import { SchedulerService } from './scheduler.service';
/** What a client asks for (PUT /schedules/:name), times as epoch ms. */
export interface ScheduleSpec {
    queue?: string;
    cron?: string;
    everyMs?: number;
    timezone?: string;
    job: Omit<JobSpec, 'queue' | 'delayMs' | 'runAt' | 'idempotencyKey'>;
    overlap?: OverlapPolicy;
    catchUp?: CatchUpPolicy;
    maxCatchUp?: number;
    startAt?: number;
    endAt?: number;
    paused?: boolean;
}
/** A schedule with what GET /schedules/:name adds: the coming ticks and the latest runs' jobs. */
export interface ScheduleDetail {
    schedule: StoredSchedule;
    nextRuns: number[];
    lastRuns: {
        fireAt: number;
        jobId: string;
        trigger?: boolean;
        job: Job | null;
    }[];
}
/**
 * The schedules API (SchedulesController), also for code that embeds claimq. Plain service: it
 * throws domain errors. Changes wake this instance's scheduler, so a schedule due soon fires on
 * time without waiting for SCHEDULER_POLL_MS.
 */
export declare class SchedulesService {
    private readonly store;
    private readonly jobs;
    private readonly clock;
    private readonly tracer;
    private readonly scheduler?;
    private readonly metrics?;
    private readonly queues;
    private readonly hostGroups;
    constructor(store: JobStore, jobs: JobsService, clock: Clock, config: AppConfig, tracer: JobTracer, scheduler?: SchedulerService | undefined, metrics?: ClaimqMetrics | undefined);
    /** Creates (`created: true`) or replaces the schedule; ticks are computed from now. */
    put(name: string, spec: ScheduleSpec): Promise<{
        created: boolean;
        schedule: StoredSchedule;
    }>;
    get(name: string): Promise<ScheduleDetail>;
    list(limit: number, cursor?: string): Promise<{
        items: StoredSchedule[];
        nextCursor: string | null;
    }>;
    delete(name: string): Promise<void>;
    pause(name: string): Promise<StoredSchedule>;
    /**
     * Resumes at the first tick after now: ticks that passed while paused are not caught up. A
     * schedule that is not paused is left as it is.
     */
    resume(name: string): Promise<StoredSchedule>;
    /**
     * Fires the schedule once, now, whatever its ticks, pause or overlap rule: an operator's explicit
     * run. The job carries `schedule: {name, fireAt: now}` and its own idempotency key.
     */
    trigger(name: string): Promise<{
        jobId: string;
        fireAt: number;
    }>;
    private find;
    private orNotFound;
}
