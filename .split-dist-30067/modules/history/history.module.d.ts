import { DynamicModule } from '@nestjs/common';
/**
 * Job history in PostgreSQL, on when DATABASE_URL is set. Without it this is an empty module:
 * nothing connects and nothing is exported, so callers inject HistoryQueryService @Optional().
 *
 * Exports HistoryQueryService (job, attempts, pages of jobs) and HistoryDatabase (the DataSource,
 * connected on first use, for the health check and the execution refresh).
 */
export declare class HistoryModule {
    /** `enabled`: the configuration names a database (DATABASE_URL, or the history option). */
    static forRoot(enabled: boolean): DynamicModule;
}
