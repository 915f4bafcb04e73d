import { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { WorkerRuntime } from './worker-runtime';
/**
 * Starts the workers once every module is initialised (handlers discovered) and drains them
 * before the app shuts down: beforeApplicationShutdown runs while the store, the heartbeat
 * interval and the HTTP server (/health) are still up.
 */
export declare class WorkerLifecycleService implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private readonly runtime;
    constructor(runtime: WorkerRuntime);
    onApplicationBootstrap(): void;
    beforeApplicationShutdown(): Promise<void>;
}
