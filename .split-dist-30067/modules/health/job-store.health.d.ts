import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { StoreHealth } from '../queue';
/**
 * The job store answers (Redis: PING on the store's connection) and its settings are fit (Redis:
 * version, and an eviction policy that cannot delete job keys). Named after the store: `redis`, `memory`.
 */
export declare class JobStoreHealthIndicator {
    private readonly store;
    private readonly indicators;
    constructor(store: StoreHealth, indicators: HealthIndicatorService);
    check(): Promise<HealthIndicatorResult>;
}
