import { JobAttemptHistory, JobHistoryRecord } from '../history';
import { JobAttemptResponseDto } from './dto/job-attempts-response.dto';
import { JobHistoryResponseDto } from './dto/job-history-response.dto';
/** A history record in the API's terms: ISO-8601 times, unset fields left out, `source: "history"`. */
export declare function presentHistoryJob(record: JobHistoryRecord): JobHistoryResponseDto;
export declare function presentHistoryAttempt(attempt: JobAttemptHistory): JobAttemptResponseDto;
