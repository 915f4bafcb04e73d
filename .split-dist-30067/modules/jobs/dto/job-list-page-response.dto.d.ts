import { JobHistoryResponseDto } from './job-history-response.dto';
import { JobResponseDto } from './job-response.dto';
/**
 * A job from the store or as job history recorded it, told apart by `source`: the schema of
 * `GET /jobs/:id` and of each item of `GET /jobs`.
 */
export declare const STORE_OR_HISTORY_JOB_SCHEMA: {
    oneOf: {
        $ref: string;
    }[];
    discriminator: {
        propertyName: string;
        mapping: {
            store: string;
            history: string;
        };
    };
};
/**
 * A page of `GET /jobs`: store jobs (`source: "store"`) without from/to, jobs from job history
 * (`source: "history"`, newest first) with them.
 */
export declare class JobListPageResponseDto {
    items: (JobResponseDto | JobHistoryResponseDto)[];
    nextCursor: string | null;
}
