import { Injectable, Optional } from '@nestjs/common';
import { HealthCheckError, HealthIndicator, HealthIndicatorResult } from '@nestjs/terminus';
import { HistoryDatabase } from '../history/history-database';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-check-timeout';
import { withinTimeout } from './within-timeout';

const KEY = 'postgres';

/** `SELECT 1` on the history database; only part of readiness when history is on (DATABASE_URL). */
@Injectable()
export class HistoryDatabaseHealthIndicator extends HealthIndicator {
  constructor(@Optional() private readonly database?: HistoryDatabase) {
    super();
  }

  get enabled(): boolean {
    return this.database !== undefined;
  }

  async check(): Promise<HealthIndicatorResult> {
    const database = this.database;
    if (!database) return this.getStatus(KEY, true, { message: 'history is off' });
    try {
      await withinTimeout(
        database.dataSource().then((ds) => ds.query('SELECT 1')),
        HEALTH_CHECK_TIMEOUT_MS,
      );
      return this.getStatus(KEY, true);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new HealthCheckError(`${KEY} is not ready`, this.getStatus(KEY, false, { message }));
    }
  }
}
