import { DynamicModule, Logger, Module, Provider, Type } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { HistoryDatabase } from '../history';
import { JobsModule } from '../jobs';
import { ExecutionStore, JobAdmin, JobQueue, Outbox } from '../queue';
import { JobTracer } from '../tracing';
import { RecoveryModule } from '../recovery';
import { ExecutionRefreshMetrics } from './execution-refresh.metrics';
import { ExecutionRefreshScheduler } from './execution-refresh.scheduler';
import { ExecutionRefreshService } from './execution-refresh.service';
import { ExecutionRefresher } from './execution-refresher';
import { newRefresherId } from './refresher-id';
import { PostgresExecutionStatusWriter } from './execution-status.writer';
import { ExecutionsController } from './executions.controller';
import { ExecutionsService } from './executions.service';
import { ExecutionWaits } from './execution-waits';

/**
 * Executions: the refresh on every instance, the API where the API runs. `history` is the
 * application's HistoryModule (the same module object, so its DataSource is shared): with
 * DATABASE_URL set it provides HistoryDatabase and the refresh writes the `executions` table;
 * without it the status lives in the store only.
 */
@Module({})
export class ExecutionsModule {
  /** `api`: this instance serves the REST API (the executions endpoints come with it). */
  static forRoot(api: boolean, history: DynamicModule): DynamicModule {
    const imports: (DynamicModule | Type)[] = [RecoveryModule, history];
    const controllers: Type[] = [];
    const providers: Provider[] = [
      ExecutionRefreshMetrics,
      {
        provide: ExecutionRefresher,
        inject: [ExecutionStore, JobQueue, ExecutionRefreshMetrics, AppConfig, CLOCK, JobTracer, { token: HistoryDatabase, optional: true }],
        useFactory: (
          executions: ExecutionStore,
          jobs: JobQueue,
          metrics: ExecutionRefreshMetrics,
          config: AppConfig,
          clock: Clock,
          tracer: JobTracer,
          database?: HistoryDatabase,
        ) => {
          const logger = new Logger(ExecutionRefresher.name);
          return new ExecutionRefresher(executions, jobs, database ? new PostgresExecutionStatusWriter(() => database.dataSource()) : undefined, clock, {
            refresherId: newRefresherId(),
            batch: config.refreshBatch,
            maxPayloadBytes: config.maxPayloadBytes,
            hostGroups: config.hostGroups,
            tracer,
            onRejected: (queue, rejected) => {
              for (const r of rejected) logger.error(`refresh set aside execution ${r.id} of queue ${queue}: PostgreSQL refused it (${r.reason})`);
              metrics.rejected(queue, rejected.length);
            },
          });
        },
      },
      {
        provide: ExecutionRefreshService,
        inject: [JobAdmin, ExecutionRefresher, ExecutionRefreshMetrics, AppConfig, Outbox],
        useFactory: (admin: JobAdmin, refresher: ExecutionRefresher, metrics: ExecutionRefreshMetrics, config: AppConfig, outbox: Outbox) =>
          new ExecutionRefreshService(admin, refresher, metrics, config.refreshBatch, (listener) => outbox.onSignal(listener)),
      },
      ExecutionRefreshScheduler,
    ];
    if (api) {
      imports.push(JobsModule);
      controllers.push(ExecutionsController);
      providers.push(ExecutionsService, ExecutionWaits);
    }
    // ExecutionsService (with the API): an embedding app's handlers add jobs to their own execution with it
    return { module: ExecutionsModule, imports, controllers, providers, exports: api ? [ExecutionRefreshService, ExecutionsService] : [ExecutionRefreshService] };
  }
}
