import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { CallbackEnqueuer, ExecutionStore, JobAdmin, Outbox, UpkeepStore, WorkerDirectory } from '../queue';
import { ReaperScheduler } from './reaper.scheduler';
import { ReaperService } from './reaper.service';
import { ReaperStats } from './reaper-stats';
import { HistoryGapStats } from './history-gap-stats';

/**
 * The reaper, on every instance (API and worker alike). ReaperStats and HistoryGapStats are what
 * the metrics and health modules read.
 */
@Module({
  providers: [
    ReaperStats,
    HistoryGapStats,
    {
      provide: ReaperService,
      inject: [JobAdmin, UpkeepStore, WorkerDirectory, ExecutionStore, AppConfig, ReaperStats, CallbackEnqueuer, CLOCK, HistoryGapStats, Outbox],
      useFactory: (
        admin: JobAdmin,
        upkeep: UpkeepStore,
        workers: WorkerDirectory,
        executions: ExecutionStore,
        config: AppConfig,
        stats: ReaperStats,
        callbacks: CallbackEnqueuer,
        clock: Clock,
        gaps: HistoryGapStats,
        outbox: Outbox,
      ) => new ReaperService(admin, upkeep, workers, executions, config, stats, callbacks, clock, gaps, (listener) => outbox.onSignal(listener)),
    },
    ReaperScheduler,
  ],
  exports: [ReaperService, ReaperStats, HistoryGapStats],
})
export class RecoveryModule {}
