import { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { JobStore } from './job-store';
import { StoreHealth } from './store-health';
/**
 * The JobStore (from JOB_STORE), its StoreHealth (readiness), the clock every part reads and the
 * one callback service, to every module of claimq: global, since every part needs the store.
 */
export declare class QueueModule implements OnModuleInit, OnApplicationShutdown {
    private readonly store;
    private readonly health;
    constructor(store: JobStore, health: StoreHealth);
    /** A Redis too old for the scripts stops the start here, with the reason. */
    onModuleInit(): Promise<void>;
    onApplicationShutdown(): Promise<void>;
}
