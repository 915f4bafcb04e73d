import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { QueueStatsResponseDto } from './dto/queue-stats-response.dto';
import { QueueSummaryResponseDto } from './dto/queue-summary-response.dto';
import { presentQueueStats } from './queue-stats.presenter';
import { QueuesService } from './queues.service';

@ApiTags('queues')
@ApiBearerAuth()
@Controller('queues')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOkResponse({ type: [QueueSummaryResponseDto], description: 'Every known queue with its job count per state, by name' })
  @ApiServiceUnavailableResponse({ description: 'The job store is unreachable' })
  @ApiOperation({ operationId: 'listQueues', summary: 'Every queue with its job counts' })
  list(): Promise<QueueSummaryResponseDto[]> {
    return this.queues.summaries();
  }

  @Get(':name/stats')
  @ApiOperation({ operationId: 'getQueueStats', summary: 'The dashboard overview of a queue: counts, its oldest pending job, results per 10 s and pickup and run percentiles over 15 minutes' })
  @ApiParam({ name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' })
  @ApiOkResponse({ type: QueueStatsResponseDto })
  @ApiBadRequestResponse({ description: 'The queue is not one of QUEUES; `errors` names `name`' })
  @ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds' })
  async stats(@Param('name') queue: string): Promise<QueueStatsResponseDto> {
    return presentQueueStats(await this.queues.stats(queue));
  }
}
