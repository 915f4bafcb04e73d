import { HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { HistoryDatabaseHealthIndicator } from './history-database.health';
import { JobStoreHealthIndicator } from './job-store.health';
import { HistoryGapsHealthIndicator } from './history-gaps.health';
export declare class HealthController {
    private readonly health;
    private readonly store;
    private readonly history;
    private readonly gaps;
    constructor(health: HealthCheckService, store: JobStoreHealthIndicator, history: HistoryDatabaseHealthIndicator, gaps: HistoryGapsHealthIndicator);
    /** Liveness: the process answers. No dependency is checked, so a Redis outage never restarts pods. */
    live(): Promise<HealthCheckResult>;
    /**
     * Readiness: the job store answers (Redis PING) and, when history is on, Postgres answers
     * `SELECT 1`, each within a second. 503 names the failing indicator under `error`.
     * `historyGaps` is always up: job events this instance dropped unread (HISTORY_BACKLOG_MAX_MB)
     * are a detail here, not a reason to take it out of service.
     */
    ready(): Promise<HealthCheckResult>;
}
