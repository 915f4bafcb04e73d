import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorFunction } from '@nestjs/terminus';
import { HistoryDatabaseHealthIndicator } from './history-database.health';
import { JobEngineHealthIndicator } from './job-engine.health';
import { HistoryGapsHealthIndicator } from './history-gaps.health';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly store: JobEngineHealthIndicator,
    private readonly history: HistoryDatabaseHealthIndicator,
    private readonly gaps: HistoryGapsHealthIndicator,
  ) {}

  /** Liveness: the process answers. No dependency is checked, so a Redis outage never restarts pods. */
  @Get('live')
  @HealthCheck()
  @ApiOperation({ operationId: 'getLiveness', summary: 'Liveness: the process answers (no dependency is checked)' })
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /**
   * Readiness: the job store answers (Redis PING) and, when history is on, Postgres answers
   * `SELECT 1`, each within a second. 503 names the failing indicator under `error`.
   * `historyGaps` is always up: job events this instance dropped unread (HISTORY_BACKLOG_MAX_MB)
   * are a detail here, not a reason to take it out of service.
   */
  @Get('ready')
  @HealthCheck()
  @ApiOkResponse({ description: 'Every dependency answered; `info` lists them (redis or memory, postgres) and `historyGaps`, the history events this instance dropped' })
  @ApiServiceUnavailableResponse({ description: 'Not ready: `error` names each failing indicator and why' })
  @ApiOperation({ operationId: 'getReadiness', summary: 'Readiness: the job store (and job history, when on) answers' })
  ready(): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [() => this.store.check()];
    if (this.history.enabled) checks.push(() => this.history.check());
    checks.push(() => this.gaps.check());
    return this.health.check(checks);
  }
}
