import { Module } from '@nestjs/common';
import { BulkJobsController } from './bulk-jobs.controller';
import { FairnessController } from './fairness.controller';
import { FairnessService } from './fairness.service';
import { JobHistoryService } from './job-history.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { QueuesController } from './queues.controller';
import { QueuesService } from './queues.service';

/**
 * The REST API over the JobStore (provided globally by QueueModule), reaching into job history
 * (HistoryModule, global when DATABASE_URL is set) for what the store no longer holds.
 */
@Module({
  controllers: [JobsController, QueuesController, FairnessController, BulkJobsController],
  providers: [JobsService, JobHistoryService, QueuesService, FairnessService],
  exports: [JobsService, FairnessService],
})
export class JobsModule {}
