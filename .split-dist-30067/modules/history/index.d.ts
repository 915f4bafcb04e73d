/** Job history in PostgreSQL: the module, its reads, and the writer's batch statements. */
export { HistoryModule } from './history.module';
export { HistoryDatabase } from './history-database';
export { HistoryQueryService } from './query/history-query.service';
export type * from './query/job-history.types';
export * from './writer/history-batch-writer';
