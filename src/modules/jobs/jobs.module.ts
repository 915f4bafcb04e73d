import { Module } from '@nestjs/common';
import { BulkJobsController } from './bulk-jobs.controller';
import { FairnessController } from './fairness.controller';
import { FairnessService } from './fairness.service';
import { JobHistoryService } from './job-history.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { JobEventHub } from './job-event-hub';
import { JobWaits } from './job-waits';
import { JobStreams } from './job-streams';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';
import { WorkersController } from './workers.controller';
import { WorkersService } from './workers.service';

/**
 * The REST API over the job engine's ports (provided globally by QueueModule), reaching into job
 * history (HistoryModule, global when DATABASE_URL is set) for what the engine no longer holds;
 * and the worker processes its WorkerDirectory knows (GET /workers).
 */
@Module({
  controllers: [JobsController, QueuesController, FairnessController, WorkersController, BulkJobsController],
  providers: [JobsService, JobHistoryService, JobEventHub, JobWaits, JobStreams, QueuesService, FairnessService, WorkersService],
  exports: [JobsService, FairnessService, JobEventHub],
})
export class JobsModule {}
