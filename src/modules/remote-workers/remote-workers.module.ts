import { Module } from '@nestjs/common';
import { RemoteWorkersController } from './remote-workers.controller';
import { RemoteWorkersService } from './remote-workers.service';
import { RemoteCancels } from './remote-cancels';

/**
 * Workers in other processes and languages over HTTP (docs/remote-workers.md), on the job
 * engine's JobQueue and WorkerDirectory ports (QueueModule, global). Part of the API: an
 * instance with MODE=api serves them.
 */
@Module({
  controllers: [RemoteWorkersController],
  providers: [RemoteWorkersService, RemoteCancels],
})
export class RemoteWorkersModule {}
