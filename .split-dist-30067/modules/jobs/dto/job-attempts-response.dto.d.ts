export declare const ATTEMPT_OUTCOMES: readonly ["running", "succeeded", "failed", "released", "expired", "cancelled"];
export type AttemptOutcomeView = (typeof ATTEMPT_OUTCOMES)[number];
export declare class JobAttemptResponseDto {
    attempt: number;
    run: number;
    outcome: AttemptOutcomeView;
    workerId?: string;
    startedAt?: string;
    finishedAt?: string;
    error?: string;
}
export declare class JobAttemptsResponseDto {
    jobId: string;
    source: 'history' | 'store';
    items: JobAttemptResponseDto[];
}
