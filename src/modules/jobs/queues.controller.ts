import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { QueueSummaryResponseDto } from './dto/queue-summary-response.dto';
import { QueuesService } from './queues.service';

@ApiTags('queues')
@ApiBearerAuth()
@Controller('queues')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOkResponse({ type: [QueueSummaryResponseDto], description: 'Every known queue with its job count per state, by name' })
  @ApiServiceUnavailableResponse({ description: 'The job store is unreachable' })
  list(): Promise<QueueSummaryResponseDto[]> {
    return this.queues.summaries();
  }
}
