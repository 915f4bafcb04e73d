import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HistoryDatabaseHealthIndicator } from './history-database.health';
import { JobStoreHealthIndicator } from './job-store.health';

/**
 * /health/live (the process) and /health/ready (job store, and Postgres when history is on).
 * StoreHealth comes from QueueModule and HistoryDatabase from HistoryModule, both global.
 */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [JobStoreHealthIndicator, HistoryDatabaseHealthIndicator],
})
export class HealthModule {}
