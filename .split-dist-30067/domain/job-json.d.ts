import { Job } from './job';
/**
 * A job as JSON, the shape `GET /jobs/:id` returns: the domain Job with times as ISO-8601 strings,
 * unset optional fields left out (not null), keys in a stable order, secret headers of an `http`
 * job shown as "[redacted]". Pure, so the API's presenter and the worker's completion callbacks
 * send the same document.
 */
/** The Job's times, which JSON carries as ISO-8601 strings. */
type JobTimes = 'runAt' | 'createdAt' | 'updatedAt' | 'startedAt' | 'finishedAt';
/** A job's schedule as JSON: its tick's time as an ISO-8601 string, like the job's own times. */
export interface JobScheduleJson {
    name: string;
    fireAt: string;
}
/**
 * The domain Job with its times as strings (optional ones stay optional); the run number and the
 * trace context are internal. `source: "store"` tells it from a job as job history recorded it (`source: "history"`).
 */
export type JobJson = Omit<Job, JobTimes | 'run' | 'schedule' | 'traceparent' | 'tracestate'> & {
    [K in keyof Pick<Job, JobTimes>]: string;
} & {
    schedule?: JobScheduleJson;
    source: 'store';
};
export declare function toJobJson(job: Job): JobJson;
export {};
