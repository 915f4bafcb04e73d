import { JobStatus } from '../../../domain/job';
import { CatchUpPolicy, OverlapPolicy } from '../../../domain/schedule';
import { JobResponseDto } from '../../jobs';
declare const ScheduleJobResponseDto_base: import("@nestjs/common").Type<Pick<JobResponseDto, "type" | "callbackUrl" | "maxAttempts" | "priority" | "payload" | "backoff" | "timeoutMs" | "group">>;
/** The job each tick makes, shown with the fields (and docs) of a job's own response. */
export declare class ScheduleJobResponseDto extends ScheduleJobResponseDto_base {
}
export declare class ScheduleCountsDto {
    fired: number;
    skipped: number;
    missed: number;
}
export declare class ScheduleRunDto {
    fireAt: string;
    jobId: string;
    status: JobStatus | null;
    trigger?: boolean;
}
export declare class ScheduleResponseDto {
    name: string;
    queue: string;
    cron?: string;
    everyMs?: number;
    timezone: string;
    job: ScheduleJobResponseDto;
    overlap: OverlapPolicy;
    catchUp: CatchUpPolicy;
    maxCatchUp: number;
    startAt?: string;
    endAt?: string;
    paused: boolean;
    nextRunAt: string | null;
    counts: ScheduleCountsDto;
    lastJobId?: string;
    version: number;
    createdAt: string;
    updatedAt: string;
}
export declare class ScheduleDetailResponseDto extends ScheduleResponseDto {
    nextRuns: string[];
    lastRuns: ScheduleRunDto[];
}
export declare class SchedulePageResponseDto {
    items: ScheduleResponseDto[];
    nextCursor: string | null;
}
export declare class ScheduleTriggerResponseDto {
    jobId: string;
    fireAt: string;
}
export {};
