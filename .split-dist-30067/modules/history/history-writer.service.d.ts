import { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ClaimqMetrics } from '../metrics';
import { EventOperations, JobEventSources } from '../queue';
import { HistoryDatabase } from './history-database';
/** How often the writer looks for queues that appeared since (each gets its own lane). */
export declare const LANE_DISCOVERY_MS = 30000;
/**
 * Runs one HistoryDrain per event lane, from start to shutdown. Queues are discovered from the
 * store (configured ones plus every queue that has held a job) and re-checked periodically.
 * Off the claim path: nothing here can slow or stop jobs.
 */
export declare class HistoryWriterService implements OnApplicationBootstrap, BeforeApplicationShutdown {
    private readonly config;
    private readonly store;
    private readonly sources;
    private readonly logger;
    private readonly drains;
    private readonly writer;
    private readonly rejected;
    private timer?;
    private stopped;
    constructor(config: AppConfig, store: EventOperations, sources: JobEventSources, database: HistoryDatabase, metrics?: ClaimqMetrics);
    onApplicationBootstrap(): void;
    /** Before the DataSource closes: lets each lane store and acknowledge the batch in hand. */
    beforeApplicationShutdown(): Promise<void>;
    /** Lanes running now (for tests and health). */
    get lanes(): string[];
    discoverLanes(): Promise<void>;
}
