import { Module } from '@nestjs/common';
import { systemClock } from '../../domain/clock';
import { JOBS_CLOCK } from './jobs-clock.token';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';

/** The REST API over the JobStore (provided globally by QueueModule). */
@Module({
  controllers: [JobsController, QueuesController],
  providers: [JobsService, QueuesService, { provide: JOBS_CLOCK, useValue: systemClock }],
  exports: [JobsService],
})
export class JobsModule {}
