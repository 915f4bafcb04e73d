import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { HistoryDatabase } from '../history';
/** `SELECT 1` on the history database; only part of readiness when history is on (DATABASE_URL). */
export declare class HistoryDatabaseHealthIndicator {
    private readonly indicators;
    private readonly database?;
    constructor(indicators: HealthIndicatorService, database?: HistoryDatabase | undefined);
    get enabled(): boolean;
    check(): Promise<HealthIndicatorResult>;
}
