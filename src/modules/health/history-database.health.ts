import { Injectable, Optional } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { HistoryDatabase } from '../history';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-check-timeout';
import { withinTimeout } from '../../common/within-timeout';

const KEY = 'postgres';

/** `SELECT 1` on the history database; only part of readiness when history is on (DATABASE_URL). */
@Injectable()
export class HistoryDatabaseHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Optional() private readonly database?: HistoryDatabase,
  ) {}

  get enabled(): boolean {
    return this.database !== undefined;
  }

  async check(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(KEY);
    const database = this.database;
    if (!database) return indicator.up({ message: 'history is off' });
    try {
      await withinTimeout(
        database.dataSource().then((ds) => ds.query('SELECT 1')),
        HEALTH_CHECK_TIMEOUT_MS,
      );
      return indicator.up();
    } catch (err) {
      return indicator.down({ message: err instanceof Error ? err.message : String(err) });
    }
  }
}
