import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBadRequestResponse, ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { QueueEventStreamQueryDto } from './dto/event-stream-query.dto';
import { JobStreams, lastEventIdOf, STREAM_API_DOC } from './job-streams';
import { QueueStatsResponseDto } from './dto/queue-stats-response.dto';
import { QueueSummaryResponseDto } from './dto/queue-summary-response.dto';
import { presentQueueStats } from './queue-stats.presenter';
import { QueuesService } from './queues.service';

@ApiTags('queues')
@ApiBearerAuth()
@Controller('queues')
export class QueuesController {
  constructor(
    private readonly queues: QueuesService,
    private readonly streams: JobStreams,
  ) {}

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

  @Get(':name/events')
  @ApiProduces('text/event-stream')
  @ApiParam({ name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event (EventSource sends it when it reconnects)' })
  @ApiOkResponse({
    description: `Server-sent events: \`ready\` once listening, then every job state change of the queue (all its partitions) that passes the filters, named by its kind (enqueued, claimed, succeeded, ...). ${STREAM_API_DOC}`,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ description: 'The queue is not one of QUEUES, or a filter is invalid; `errors` names the field' })
  @ApiServiceUnavailableResponse({ description: 'The job store is unreachable, or this process is shutting down; retry after Retry-After seconds' })
  @ApiOperation({ operationId: 'streamQueueEvents', summary: "A queue's job state changes as server-sent events, filtered by kind and state; resumes after Last-Event-ID" })
  async events(@Param('name') queue: string, @Query() query: QueueEventStreamQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const filter = { types: query.types && new Set(query.types), states: query.states && new Set(query.states) };
    await this.streams.queue(queue, filter, lastEventIdOf(req, query.lastEventId), req, res);
  }
}
