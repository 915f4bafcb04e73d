import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { WorkersResponseDto } from './dto/workers-response.dto';
import { presentDeadWorker, presentLiveWorker } from './workers.presenter';
import { WorkersService } from './workers.service';

@ApiTags('workers')
@ApiBearerAuth()
@Controller('workers')
export class WorkersController {
  constructor(private readonly workers: WorkersService) {}

  @Get()
  @ApiOperation({ operationId: 'listWorkers', summary: 'Worker processes: those heard from within WORKER_DEAD_MS, and the last 100 the reaper declared dead' })
  @ApiOkResponse({ type: WorkersResponseDto })
  @ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds' })
  async list(): Promise<WorkersResponseDto> {
    const { live, dead } = await this.workers.overview();
    return { live: live.map(presentLiveWorker), dead: dead.map(presentDeadWorker) };
  }
}
