import { ExecutionRecord } from '../../../domain/execution';
import { ExecutionEntity } from '../entities/execution.entity';
import { JobAttemptEntity } from '../entities/job-attempt.entity';
import { JobRecordEntity } from '../entities/job-record.entity';
import { JobAttemptHistory, JobHistoryRecord } from './job-history.types';
export declare function toJobHistoryRecord(e: JobRecordEntity): JobHistoryRecord;
/**
 * An execution as its refresh last wrote it. History does not record whether the callback was
 * enqueued: a row is read when the store no longer holds the execution, and the store trims only
 * executions whose callback, if any, was enqueued, so a finished row with a callback says true.
 */
export declare function toExecutionRecord(e: ExecutionEntity): ExecutionRecord;
export declare function toJobAttemptHistory(e: JobAttemptEntity): JobAttemptHistory;
