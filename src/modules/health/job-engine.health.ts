import { Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { StoreHealth } from '../queue';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-check-timeout';
import { withinTimeout } from '../../common/within-timeout';

/**
 * The job store answers (Redis: PING on the store's connection) and its settings are fit (Redis:
 * version, and an eviction policy that cannot delete job keys). Named after the store: `redis`, `memory`.
 */
@Injectable()
export class JobEngineHealthIndicator {
  constructor(
    private readonly store: StoreHealth,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(this.store.name);
    try {
      await withinTimeout(this.store.ping(), HEALTH_CHECK_TIMEOUT_MS);
      const { details, unfit } = await withinTimeout(this.store.settings(), HEALTH_CHECK_TIMEOUT_MS);
      return unfit ? indicator.down({ message: unfit, ...details }) : indicator.up(details);
    } catch (err) {
      return indicator.down({ message: err instanceof Error ? err.message : String(err) });
    }
  }
}
