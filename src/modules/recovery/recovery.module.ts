import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ReaperScheduler } from './reaper.scheduler';
import { ReaperService } from './reaper.service';

/** The reaper, on every instance (API and worker alike). */
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [ReaperService, ReaperScheduler],
  exports: [ReaperService],
})
export class RecoveryModule {}
