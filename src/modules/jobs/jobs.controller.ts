import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiExtraModels,
  ApiBearerAuth,
  ApiOperation,
  ApiHeader,
  ApiNoContentResponse,
  ApiProduces,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { JobIdPipe } from '../../http/id-param.pipe';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { DEFAULT_QUEUE, Job } from '../../domain/job';
import { BulkCreateJobsResponseDto } from './dto/bulk-create-jobs-response.dto';
import { BulkCreateJobsDto } from './dto/bulk-create-jobs.dto';
import { CreateJobDto } from './dto/create-job.dto';
import { JobAttemptsResponseDto } from './dto/job-attempts-response.dto';
import { JobHistoryResponseDto } from './dto/job-history-response.dto';
import { JobListPageResponseDto, STORE_OR_HISTORY_JOB_SCHEMA } from './dto/job-list-page-response.dto';
import { JobResponseDto } from './dto/job-response.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { DEFAULT_LIST_LIMIT } from './job-limits';
import { presentHistoryJob } from './job-history.presenter';
import { JobHistoryService } from './job-history.service';
import { presentJob } from './job.presenter';
import { toJobSpec } from './job-spec.mapper';
import { JobsService } from './jobs.service';
import { JobWaits } from './job-waits';
import { WaitQueryDto } from './dto/wait-query.dto';
import { EventStreamQueryDto } from './dto/event-stream-query.dto';
import { JobLogsQueryDto, JobLogsResponseDto } from './dto/job-logs.dto';
import { DEFAULT_LOG_PAGE } from '../../domain/job-progress';
import { JobStreams, lastEventIdOf, STREAM_API_DOC } from './job-streams';
import { Audited, clientGone, param } from '../../http';
import { TraceContextInterceptor } from '../tracing';

@ApiTags('jobs')
@ApiBearerAuth()
@ApiExtraModels(JobResponseDto, JobHistoryResponseDto)
@ApiServiceUnavailableResponse({ description: 'The job store (or job history) is unreachable; retry after Retry-After seconds' })
@Controller('jobs')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly history: JobHistoryService,
    private readonly waits: JobWaits,
    private readonly streams: JobStreams,
  ) {}

  @Post()
  @ApiCreatedResponse({ type: JobResponseDto, description: 'The job was added' })
  @ApiOkResponse({ type: JobResponseDto, description: 'The idempotency key matched an existing job, returned as is' })
  @ApiBadRequestResponse({ description: 'A field is invalid; `errors` lists each field and the reason' })
  @ApiPayloadTooLargeResponse({ description: 'The payload is larger than MAX_PAYLOAD_BYTES' })
  @ApiJsonBodyOnly()
  @ApiOperation({
    operationId: 'createJob',
    summary: 'Add a job (or, with a repeated idempotencyKey, return the job it added); with waitMs, answer once it has ended or the wait ran out',
  })
  @UseInterceptors(TraceContextInterceptor)
  async create(@Body() dto: CreateJobDto, @Query() query: WaitQueryDto, @Res({ passthrough: true }) res: Response): Promise<JobResponseDto> {
    if (!query.waitMs) {
      const { job, created } = await this.jobs.create(toJobSpec(dto));
      if (!created) res.status(HttpStatus.OK);
      return presentJob(job);
    }
    // listening before the write: an end that comes before the wait starts is heard too
    const watch = await this.waits.watch(dto.queue ?? DEFAULT_QUEUE);
    try {
      const { job, created } = await this.jobs.create(toJobSpec(dto));
      if (!created) res.status(HttpStatus.OK);
      let ended: Job | null = null;
      try {
        ended = await this.waits.untilEnded(job.id, query.waitMs, { signal: clientGone(res), watch, written: job });
      } catch {
        // the job is stored: a wait that fails (the store blinked) answers it as written, never 503
      }
      return presentJob(ended ?? job);
    } finally {
      watch?.close();
    }
  }

  @Post('bulk')
  @ApiCreatedResponse({ type: BulkCreateJobsResponseDto, description: 'Every job was validated, then added' })
  @ApiBadRequestResponse({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field> (jobs of more than one queue: the first stray jobs.<index>.queue)' })
  @ApiJsonBodyOnly()
  @ApiOperation({ operationId: 'createJobs', summary: 'Add up to 1,000 jobs of one queue: all of them or, on any invalid field, none' })
  @UseInterceptors(TraceContextInterceptor)
  async createMany(@Body() dto: BulkCreateJobsDto): Promise<BulkCreateJobsResponseDto> {
    return { ids: await this.jobs.createMany(dto.jobs.map(toJobSpec)) };
  }

  @Get()
  @ApiOkResponse({
    type: JobListPageResponseDto,
    description:
      'Without from/to: a page of the store, one queue, by state index. With from and/or to: jobs created in [from, to) ' +
      'from job history, newest first (400 naming the field when history is off). With idempotencyKey: the page holding the ' +
      'job that key names in the queue (0 or 1 item, nextCursor null)',
  })
  @ApiBadRequestResponse({ description: 'A filter is invalid, from/to was given while job history is off, or idempotencyKey was combined with another filter' })
  @ApiOperation({ operationId: 'listJobs', summary: "A queue's jobs by status from the store, or the jobs created in a time range from job history, paged" })
  async list(@Query() query: ListJobsQueryDto): Promise<JobListPageResponseDto> {
    if (query.idempotencyKey !== undefined) {
      const job = await this.jobs.findByIdempotencyKey(query.queue ?? DEFAULT_QUEUE, query.idempotencyKey);
      return { items: job ? [presentJob(job)] : [], nextCursor: null };
    }
    const filter = {
      queue: query.queue ?? DEFAULT_QUEUE,
      status: query.status,
      type: query.type,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      cursor: query.cursor,
    };
    if (query.from !== undefined || query.to !== undefined) {
      const from = query.from === undefined ? undefined : Date.parse(query.from);
      const to = query.to === undefined ? undefined : Date.parse(query.to);
      const page = await this.history.listCreated({ ...filter, from, to });
      return { items: page.items.map(presentHistoryJob), nextCursor: page.nextCursor };
    }
    const page = await this.jobs.list(filter);
    return { items: page.items.map(presentJob), nextCursor: page.nextCursor };
  }

  @Get(':id')
  @ApiOkResponse({
    description: 'The job from the store; once retention has removed it, as job history recorded it (`source: "history"`)',
    schema: STORE_OR_HISTORY_JOB_SCHEMA,
  })
  @ApiNotFoundResponse({ description: 'Neither the store nor job history knows the job' })
  @ApiBadRequestResponse({ description: 'waitMs is invalid; `errors` names it' })
  @ApiOperation({
    operationId: 'getJob',
    summary: 'A job, from the store or, once retention removed it, from job history; with waitMs, once it has ended or the wait ran out',
  })
  async get(@Param('id', JobIdPipe) id: string, @Query() query: WaitQueryDto, @Res({ passthrough: true }) res: Response): Promise<JobResponseDto | JobHistoryResponseDto> {
    if (query.waitMs) {
      const job = await this.waits.untilEnded(id, query.waitMs, { signal: clientGone(res) });
      if (job) return presentJob(job);
    }
    const found = await this.history.find(id);
    return found.source === 'store' ? presentJob(found.job) : presentHistoryJob(found.record);
  }

  @Get(':id/events')
  @ApiProduces('text/event-stream')
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event (EventSource sends it when it reconnects)' })
  @ApiOkResponse({
    description: `Server-sent events: \`state\` (the job now), then each change as it happens (event name = its kind: claimed, succeeded, retry_scheduled, ...), then \`end\` once the job has ended. ${STREAM_API_DOC}`,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiNoContentResponse({ description: 'Last-Event-ID is `end`: the stream already ended with the job (EventSource stops reconnecting)' })
  @ApiNotFoundResponse({ description: 'Neither the store nor job history knows the job' })
  @ApiBadRequestResponse({ description: 'lastEventId is invalid; `errors` names it' })
  @ApiOperation({ operationId: 'streamJobEvents', summary: "A job's state changes as server-sent events, from its current state to its end; resumes after Last-Event-ID" })
  async events(@Param('id', JobIdPipe) id: string, @Query() query: EventStreamQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.streams.job(id, lastEventIdOf(req, query.lastEventId), req, res);
  }

  @Get(':id/logs')
  @ApiOkResponse({ type: JobLogsResponseDto, description: 'Kept log lines from `from` on, oldest first' })
  @ApiNotFoundResponse({ description: 'Neither the store nor job history knows the job' })
  @ApiBadRequestResponse({ description: 'from or limit is invalid; `errors` names it' })
  @ApiOperation({ operationId: 'listJobLogs', summary: "A page of a job's log lines (its handlers' ctx.log), by line number" })
  logs(@Param('id', JobIdPipe) id: string, @Query() query: JobLogsQueryDto): Promise<JobLogsResponseDto> {
    return this.history.logs(id, query.from ?? 1, query.limit ?? DEFAULT_LOG_PAGE);
  }

  @Get(':id/attempts')
  @ApiOkResponse({
    type: JobAttemptsResponseDto,
    description:
      'Every attempt from job history; without history (or before the writer caught up) only the latest attempt, derived from the job (`source: "store"`)',
  })
  @ApiNotFoundResponse({ description: 'Neither the store nor job history knows the job' })
  @ApiOperation({ operationId: 'listJobAttempts', summary: 'Every attempt of a job' })
  attempts(@Param('id', JobIdPipe) id: string): Promise<JobAttemptsResponseDto> {
    return this.history.attempts(id);
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @Audited('job.cancel', (req) => `job:${param(req, 'id')}`)
  @ApiOkResponse({ type: JobResponseDto, description: 'Cancelled, or (running) cancel requested' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'The job has already finished' })
  @ApiOperation({ operationId: 'cancelJob', summary: 'Cancel a job (a running one is asked to stop)' })
  async cancel(@Param('id', JobIdPipe) id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.cancel(id));
  }

  @Post(':id/promote')
  @HttpCode(HttpStatus.OK)
  @Audited('job.promote', (req) => `job:${param(req, 'id')}`)
  @ApiOkResponse({ type: JobResponseDto, description: 'Pending now, in its priority and group, behind the jobs already waiting' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Only scheduled jobs (delayed, or waiting out a retry backoff) can be promoted' })
  @ApiOperation({ operationId: 'promoteJob', summary: 'Run a delayed or backing-off job now' })
  async promote(@Param('id', JobIdPipe) id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.promote(id));
  }

  @Post(':id/retry')
  @HttpCode(HttpStatus.OK)
  @Audited('job.retry', (req) => `job:${param(req, 'id')}`)
  @ApiOkResponse({ type: JobResponseDto, description: 'Back to pending with attempts reset' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Only failed or cancelled jobs can be retried' })
  @ApiOperation({ operationId: 'retryJob', summary: 'Run a failed or cancelled job again' })
  async retry(@Param('id', JobIdPipe) id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.retry(id));
  }
}
