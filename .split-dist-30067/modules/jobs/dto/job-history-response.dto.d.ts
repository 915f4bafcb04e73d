import { JobResponseDto } from './job-response.dto';
declare const JobHistoryResponseDto_base: import("@nestjs/common").Type<Pick<JobResponseDto, "queue" | "createdAt" | "id" | "status" | "updatedAt" | "finishedAt" | "workerId" | "startedAt" | "attempts" | "result" | "lastError" | "executionId" | "schedule"> & Partial<Pick<JobResponseDto, "type" | "maxAttempts" | "priority">>>;
/**
 * A job as job history (PostgreSQL) recorded it: returned once retention has removed the job from
 * the store, and by `GET /jobs?from=&to=`. The fields are JobResponseDto's (swagger's mapped
 * types keep one declaration of each); history keeps no payload, backoff, timeout or runAt, so
 * those are absent, and type, maxAttempts and priority are unknown until the job's enqueue
 * reached history. `source` is always "history".
 */
export declare class JobHistoryResponseDto extends JobHistoryResponseDto_base {
    source: 'history';
}
export {};
