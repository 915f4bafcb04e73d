import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { CallbackEnqueuer, JobStore } from '../queue';
import { ReaperScheduler } from './reaper.scheduler';
import { ReaperService } from './reaper.service';
import { ReaperStats } from './reaper-stats';

/** The reaper, on every instance (API and worker alike). ReaperStats is what a metrics module reads. */
@Module({
  providers: [
    ReaperStats,
    {
      provide: ReaperService,
      inject: [JobStore, AppConfig, ReaperStats, CallbackEnqueuer, CLOCK],
      useFactory: (store: JobStore, config: AppConfig, stats: ReaperStats, callbacks: CallbackEnqueuer, clock: Clock) =>
        new ReaperService(store, config, stats, callbacks, clock),
    },
    ReaperScheduler,
  ],
  exports: [ReaperService, ReaperStats],
})
export class RecoveryModule {}
