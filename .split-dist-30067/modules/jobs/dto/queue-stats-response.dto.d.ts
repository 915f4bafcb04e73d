import { QueueCounts } from '../../../domain/job';
export declare class OldestPendingDto {
    jobId: string | null;
    since: string | null;
    ageMs: number | null;
    approximate?: boolean;
}
export declare class ThroughputDto {
    stepMs: number;
    from: string;
    succeeded: number[];
    failed: number[];
}
export declare class LatencyDto {
    p50: number | null;
    p95: number | null;
    count: number;
}
/** A queue's overview for the dashboard: counts now, its oldest waiting job, the last 15 minutes. */
export declare class QueueStatsResponseDto {
    queue: string;
    at: string;
    counts: QueueCounts;
    oldestPending: OldestPendingDto;
    throughput: ThroughputDto;
    pickupMs: LatencyDto;
    runMs: LatencyDto;
}
