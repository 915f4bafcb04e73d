import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { QueueSummaryResponseDto } from './dto/queue-summary-response.dto';
import { QueuesService } from './queues.service';

@ApiTags('queues')
@Controller('queues')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOkResponse({ type: [QueueSummaryResponseDto] })
  list(): Promise<QueueSummaryResponseDto[]> {
    return this.queues.summaries();
  }
}
