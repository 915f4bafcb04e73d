/** `${hostname}-${pid}-${random}`: unique per process start, readable in logs and the registry. */
export declare function newWorkerId(): string;
/** The id this process claims, heartbeats and registers under. */
export declare class WorkerIdentity {
    readonly id: string;
    constructor(id?: string);
}
