/** How a stored job_records row `j` takes an incoming row EXCLUDED of the same job. */
export declare const JOB_RECORD_MERGE: string;
export declare const UPSERT_JOB_RECORDS: string;
/** How a stored job_attempts row `a` takes an incoming row EXCLUDED of the same run. */
export declare const JOB_ATTEMPT_MERGE: string;
export declare const UPSERT_JOB_ATTEMPTS: string;
