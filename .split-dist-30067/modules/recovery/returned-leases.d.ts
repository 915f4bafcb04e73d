import { DeadWorkerRecord, PublishedWorker } from '../../domain/worker-info';
import { ReapResult } from '../queue';
/** What the reaper returned of one silent worker's leases in one queue, over the rounds of a pass. */
export declare class ReturnedLeases {
    readonly workerId: string;
    requeued: number;
    failed: number;
    cancelled: number;
    /** The first DEAD_WORKER_JOB_IDS of them. */
    readonly jobIds: string[];
    constructor(workerId: string);
    add(result: ReapResult): void;
    get any(): boolean;
    /** The record of the worker declared dead: host and pid from its info while it is there, else from its id. */
    record(queue: string, declaredDeadAt: number, info: PublishedWorker | undefined): DeadWorkerRecord;
}
