export declare class WorkerSlotsDto {
    busy: number;
    total: number;
}
/** A worker process that published its info within WORKER_DEAD_MS. */
export declare class LiveWorkerDto {
    id: string;
    host: string;
    pid: number;
    version: string;
    startedAt: string;
    lastHeartbeatAt: string;
    queues: string[];
    slots: WorkerSlotsDto;
    leasesHeld: number;
}
/** A worker the reaper declared dead in one queue, returning its leases. */
export declare class DeadWorkerDto {
    id: string;
    host: string | null;
    pid: number | null;
    queue: string;
    declaredDeadAt: string;
    lastHeartbeatAt: string | null;
    requeued: number;
    failed: number;
    cancelled: number;
    jobIds: string[];
}
export declare class WorkersResponseDto {
    live: LiveWorkerDto[];
    dead: DeadWorkerDto[];
}
