/**
 * What the worker registry shows about worker processes (GET /workers): the info each process
 * publishes with every heartbeat, and the record the reaper keeps of a worker it declared dead.
 * Plain TypeScript, shared by the stores, the worker runtime, the reaper and the API.
 */
/** What a worker process says about itself, once per heartbeat. */
export interface WorkerInfo {
    id: string;
    host: string;
    pid: number;
    /** claimq's version (package.json) the process runs. */
    version: string;
    /** When the process started claiming (epoch ms). */
    startedAt: number;
    queues: string[];
    /** total: WORKER_CONCURRENCY per queue, summed; busy: jobs running now. */
    slots: {
        busy: number;
        total: number;
    };
    /** Leases it holds: running jobs and those whose result or release is still being recorded. */
    leasesHeld: number;
}
/** A worker's info as the registry holds it, with when it was last published (the store's clock). */
export interface PublishedWorker extends WorkerInfo {
    lastHeartbeatAt: number;
}
/** A worker whose leases the reaper returned because it went silent, in one queue. */
export interface DeadWorkerRecord {
    id: string;
    host: string | null;
    pid: number | null;
    queue: string;
    declaredDeadAt: number;
    /** Its last published heartbeat, when its info was still there to read. */
    lastHeartbeatAt: number | null;
    requeued: number;
    failed: number;
    cancelled: number;
    /** The first DEAD_WORKER_JOB_IDS of the jobs whose leases were returned. */
    jobIds: string[];
}
/** The dead workers kept, newest first. */
export declare const DEAD_WORKERS_KEPT = 100;
/** Job ids one dead-worker record keeps. */
export declare const DEAD_WORKER_JOB_IDS = 50;
/** The most live workers one listing returns (the freshest beats). */
export declare const LIVE_WORKERS_LISTED = 1000;
/** Host and pid read back from a worker id of the standard shape, or nulls (an embedding app's own id). */
export declare function hostAndPidOf(workerId: string): {
    host: string | null;
    pid: number | null;
};
/** The stored form of a worker's info (the id is the key it is stored under). */
export declare function encodeWorkerInfo(info: WorkerInfo): string;
/** A stored info back, or null when it is not one (damaged, or written by another version). */
export declare function decodeWorkerInfo(id: string, text: string | null | undefined): WorkerInfo | null;
export declare function encodeDeadWorker(record: DeadWorkerRecord): string;
/** A stored dead-worker record back, or null when it is not one. */
export declare function decodeDeadWorker(text: string): DeadWorkerRecord | null;
