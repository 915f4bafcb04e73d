import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobStore } from '../queue';
import { ReaperScheduler } from './reaper.scheduler';
import { ReaperService } from './reaper.service';
import { ReaperStats } from './reaper-stats';

/** The reaper, on every instance (API and worker alike). ReaperStats is what a metrics module reads. */
@Module({
  providers: [
    ReaperStats,
    {
      provide: ReaperService,
      inject: [JobStore, AppConfig, ReaperStats],
      useFactory: (store: JobStore, config: AppConfig, stats: ReaperStats) => new ReaperService(store, config, stats),
    },
    ReaperScheduler,
  ],
  exports: [ReaperService, ReaperStats],
})
export class RecoveryModule {}
