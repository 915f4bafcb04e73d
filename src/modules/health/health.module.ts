import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HistoryDatabaseHealthIndicator } from './history-database.health';
import { JobEngineHealthIndicator } from './job-engine.health';
import { HistoryGapsHealthIndicator } from './history-gaps.health';
import { RecoveryModule } from '../recovery';

/**
 * /health/live (the process) and /health/ready (job store, Postgres when history is on, and the
 * history gaps this instance made, as a detail). StoreHealth comes from QueueModule and
 * HistoryDatabase from HistoryModule, both global; HistoryGapStats from RecoveryModule.
 */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RecoveryModule],
  controllers: [HealthController],
  providers: [JobEngineHealthIndicator, HistoryDatabaseHealthIndicator, HistoryGapsHealthIndicator],
})
export class HealthModule {}
