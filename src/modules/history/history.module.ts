import { DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { historyDataSourceOptions } from './history-data-source-options';
import { HistoryDatabase } from './history-database';
import { HistoryQueryService } from './query/history-query.service';
import { HistoryWriterService } from './history-writer.service';
import { HistoryBacklogMetrics } from './history-backlog.metrics';
import { historyConsumerName } from './consumer-name';
import { JobEventSources, Outbox } from '../queue';
import { HistoryPartitionsScheduler } from './partitions/history-partitions.scheduler';

/**
 * Job history in PostgreSQL, on when DATABASE_URL is set. Without it this is an empty module:
 * nothing connects and nothing is exported, so callers inject HistoryQueryService @Optional().
 *
 * Exports HistoryQueryService (job, attempts, pages of jobs) and HistoryDatabase (the DataSource,
 * connected on first use, for the health check and the execution refresh).
 */
@Module({})
export class HistoryModule {
  /** `enabled`: the configuration names a database (DATABASE_URL, or the history option). */
  static forRoot(enabled: boolean): DynamicModule {
    if (!enabled) return { module: HistoryModule };
    return {
      module: HistoryModule,
      // Global: the API, health and metrics read history; each injects it @Optional(), and an
      // import of HistoryModule.forRoot per consumer would build the DataSource more than once.
      global: true,
      imports: [
        // Connected by HistoryDatabase on first use, not at start: Postgres down must not stop jobs.
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({ ...historyDataSourceOptions(requireDatabaseUrl(config)), manualInitialization: true }),
        }),
      ],
      providers: [
        {
          provide: HistoryDatabase,
          inject: [getDataSourceToken(), AppConfig],
          useFactory: (ds: DataSource, config: AppConfig) => new HistoryDatabase(ds, { migrate: config.dbMigrate }),
        },
        {
          provide: JobEventSources,
          inject: [Outbox],
          useFactory: (outbox: Outbox) => {
            const logger = new Logger('History');
            return outbox.sources({
              consumer: historyConsumerName(),
              onDropped: (entry, reason) => logger.error(`history dropped stream entry ${entry}: ${reason}`),
            });
          },
        },
        HistoryQueryService,
        HistoryWriterService,
        HistoryBacklogMetrics,
        HistoryPartitionsScheduler,
      ],
      exports: [HistoryQueryService, HistoryDatabase],
    };
  }
}

function requireDatabaseUrl(config: AppConfig): string {
  if (config.databaseUrl === undefined) throw new Error('claimq: history is on, but no database URL is set (DATABASE_URL, or the history option)');
  return config.databaseUrl;
}
