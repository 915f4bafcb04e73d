import { Injectable } from '@nestjs/common';
import { HealthCheckError, HealthIndicator, HealthIndicatorResult } from '@nestjs/terminus';
import { StoreHealth } from '../queue/store-health';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-check-timeout';
import { withinTimeout } from './within-timeout';

/** The job store answers (Redis: PING on the store's connection). Named after the store: `redis`, `memory`. */
@Injectable()
export class JobStoreHealthIndicator extends HealthIndicator {
  constructor(private readonly store: StoreHealth) {
    super();
  }

  async check(): Promise<HealthIndicatorResult> {
    const key = this.store.name;
    try {
      await withinTimeout(this.store.ping(), HEALTH_CHECK_TIMEOUT_MS);
      return this.getStatus(key, true);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new HealthCheckError(`${key} is not ready`, this.getStatus(key, false, { message }));
    }
  }
}
