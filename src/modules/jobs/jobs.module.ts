import { Module } from '@nestjs/common';
import { systemClock } from '../../domain/clock';
import { JobHistoryService } from './job-history.service';
import { JOBS_CLOCK } from './jobs-clock.token';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';

/**
 * The REST API over the JobStore (provided globally by QueueModule), reaching into job history
 * (HistoryModule, global when DATABASE_URL is set) for what the store no longer holds.
 */
@Module({
  controllers: [JobsController, QueuesController],
  providers: [JobsService, JobHistoryService, QueuesService, { provide: JOBS_CLOCK, useValue: systemClock }],
  exports: [JobsService],
})
export class JobsModule {}
