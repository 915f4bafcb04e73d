import { QueueCounts } from '../../../domain/job';
/** Jobs per status: a queue's, or an execution's. */
export declare class QueueCountsDto implements QueueCounts {
    pending: number;
    scheduled: number;
    running: number;
    succeeded: number;
    failed: number;
    cancelled: number;
}
