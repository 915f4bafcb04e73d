import { Module } from '@nestjs/common';
import { ReaperScheduler } from './reaper.scheduler';
import { ReaperService } from './reaper.service';

/** The reaper, on every instance (API and worker alike). Needs ScheduleModule.forRoot() in the app. */
@Module({
  providers: [ReaperService, ReaperScheduler],
  exports: [ReaperService],
})
export class RecoveryModule {}
