import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueueNotPermittedError } from '../../domain/errors';
import { queueOfExecutionId } from '../../domain/execution';
import { queueOfPartition } from '../../domain/queue-partition';
import { workerKeyCovers } from '../../domain/worker-key';
import { ExecutionIdPipe } from '../../http/id-param.pipe';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { toExecutionJson } from '../../domain/execution-json';
import { JobPageResponseDto, DEFAULT_LIST_LIMIT, presentJob, WaitQueryDto } from '../jobs';
import { AddExecutionJobsDto, CreateExecutionDto } from './dto/create-execution.dto';
import { ExecutionGraphNodeDto, ExecutionGraphResponseDto } from './dto/execution-graph-response.dto';
import { toAddedJobSpec, toExecutionJobSpec } from './dto/execution-job.dto';
import { AddedJobsResponseDto, CreatedExecutionResponseDto, ExecutionPageResponseDto, ExecutionResponseDto } from './dto/execution-response.dto';
import { ListExecutionsQueryDto } from './dto/list-executions-query.dto';
import { DEFAULT_QUEUE } from '../../domain/job';
import { ListExecutionJobsQueryDto } from './dto/list-execution-jobs-query.dto';
import { ExecutionsService } from './executions.service';
import { ExecutionWaits } from './execution-waits';
import { Audited, clientGone, param, requestAccess } from '../../http';
import { TraceContextInterceptor } from '../tracing';

@ApiTags('executions')
@ApiBearerAuth()
@ApiServiceUnavailableResponse({ description: 'The job store (or job history) is unreachable; retry after Retry-After seconds' })
@Controller('executions')
export class ExecutionsController {
  constructor(
    private readonly executions: ExecutionsService,
    private readonly waits: ExecutionWaits,
  ) {}

  @Post()
  @ApiCreatedResponse({ type: CreatedExecutionResponseDto, description: 'The execution and all its jobs were added' })
  @ApiOkResponse({ type: CreatedExecutionResponseDto, description: 'The idempotency key matched an execution of the queue: it is returned, nothing was added' })
  @ApiBadRequestResponse({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field>' })
  @ApiJsonBodyOnly()
  @ApiOperation({
    operationId: 'createExecution',
    summary: 'Start an execution: jobs added as one batch and watched as one, with an optional callback; with waitMs, answer once it has ended or the wait ran out',
  })
  @UseInterceptors(TraceContextInterceptor)
  async create(@Body() dto: CreateExecutionDto, @Query() query: WaitQueryDto, @Res({ passthrough: true }) res: Response): Promise<CreatedExecutionResponseDto> {
    const { id, total, created } = await this.executions.create(dto.jobs.map(toExecutionJobSpec), dto.callbackUrl, dto.idempotencyKey);
    if (!created) res.status(HttpStatus.OK);
    if (!query.waitMs) return { id, total };
    try {
      return { id, total, execution: toExecutionJson(await this.waits.untilEnded(id, query.waitMs, clientGone(res))) };
    } catch {
      // the execution is stored: a wait that fails (the store blinked) answers what was written, never 503
      return { id, total };
    }
  }

  @Post(':id/jobs')
  @Audited('execution.add_jobs', (req) => `execution:${param(req, 'id')}`)
  @ApiCreatedResponse({ type: AddedJobsResponseDto, description: 'The jobs were added to the execution, all of them' })
  @ApiBadRequestResponse({ description: 'Nothing was added; `errors` names the field as jobs.<index>.<field> (an unknown or repeated key, a cycle, a limit)' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Nothing was added: the execution has ended, or a job named in requiredBy no longer waits' })
  @ApiForbiddenResponse({ description: "A worker key whose queues do not include the execution's" })
  @ApiJsonBodyOnly()
  @ApiOperation({ operationId: 'addExecutionJobs', summary: 'Add jobs to a running execution (fan-out at run time): they may depend on its jobs, and its blocked jobs may wait on them' })
  @UseInterceptors(TraceContextInterceptor)
  async addJobs(@Param('id', ExecutionIdPipe) id: string, @Body() dto: AddExecutionJobsDto, @Req() req: Request): Promise<AddedJobsResponseDto> {
    // a worker key (a remote handler fanning out) adds only to executions of its queues
    const scope = requestAccess(req).queues;
    if (scope !== undefined) {
      const queue = queueOfPartition(queueOfExecutionId(id) ?? '');
      if (!workerKeyCovers(scope, queue)) throw new QueueNotPermittedError(queue);
    }
    return this.executions.addJobs(id, dto.jobs.map(toAddedJobSpec));
  }

  @Get()
  @ApiOkResponse({ type: ExecutionPageResponseDto, description: "The queue's executions still in the store (EXECUTION_RETENTION_MS), newest first" })
  @ApiBadRequestResponse({ description: 'A field is invalid, or the queue is not one of QUEUES; `errors` names it' })
  @ApiOperation({ operationId: 'listExecutions', summary: 'Executions, newest first, paged' })
  async list(@Query() query: ListExecutionsQueryDto): Promise<ExecutionPageResponseDto> {
    const page = await this.executions.list(query.queue ?? DEFAULT_QUEUE, query.limit ?? DEFAULT_LIST_LIMIT, query.cursor);
    return { items: page.items.map(toExecutionJson), nextCursor: page.nextCursor };
  }

  @Get(':id')
  @ApiOkResponse({ type: ExecutionResponseDto })
  @ApiNotFoundResponse()
  @ApiBadRequestResponse({ description: 'waitMs is invalid; `errors` names it' })
  @ApiOperation({ operationId: 'getExecution', summary: "An execution's status and job counts; with waitMs, once it has ended or the wait ran out" })
  async get(@Param('id', ExecutionIdPipe) id: string, @Query() query: WaitQueryDto, @Res({ passthrough: true }) res: Response): Promise<ExecutionResponseDto> {
    if (query.waitMs) return toExecutionJson(await this.waits.untilEnded(id, query.waitMs, clientGone(res)));
    return toExecutionJson(await this.executions.get(id));
  }

  @Get(':id/jobs')
  @ApiOkResponse({ type: JobPageResponseDto, description: 'The jobs in the order they were given' })
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'listExecutionJobs', summary: 'The jobs of an execution, in the order they were given, paged' })
  async jobs(@Param('id', ExecutionIdPipe) id: string, @Query() query: ListExecutionJobsQueryDto): Promise<JobPageResponseDto> {
    const page = await this.executions.listJobs(id, query.limit ?? DEFAULT_LIST_LIMIT, query.cursor);
    return { items: page.items.map(presentJob), nextCursor: page.nextCursor };
  }

  @Get(':id/graph')
  @ApiOkResponse({
    type: ExecutionGraphResponseDto,
    description: 'The execution with every job as a node of its graph (key, status, dependsOn): from the store, or from job history once retention removed it',
  })
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'getExecutionGraph', summary: "An execution's jobs as a graph: each job's key, status and parents, in one read" })
  async graph(@Param('id', ExecutionIdPipe) id: string): Promise<ExecutionGraphResponseDto> {
    const { execution, jobs, source } = await this.executions.graph(id);
    let edges = 0;
    const nodes = jobs.map((job): ExecutionGraphNodeDto => {
      const node: ExecutionGraphNodeDto = { id: job.id, type: job.type, status: job.status, dependsOn: job.dependsOn ?? [], attempts: job.attempts };
      if (job.key !== undefined) node.key = job.key;
      if (job.lastError !== undefined) node.lastError = job.lastError;
      edges += node.dependsOn.length;
      return node;
    });
    return { execution: toExecutionJson(execution), nodes, edges, source };
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @Audited('execution.cancel', (req) => `execution:${param(req, 'id')}`)
  @ApiOkResponse({ type: ExecutionResponseDto, description: 'Pending and scheduled jobs cancelled, running ones asked to cancel' })
  @ApiNotFoundResponse()
  @ApiOperation({ operationId: 'cancelExecution', summary: "Cancel an execution's unfinished jobs" })
  async cancel(@Param('id', ExecutionIdPipe) id: string): Promise<ExecutionResponseDto> {
    return toExecutionJson(await this.executions.cancel(id));
  }
}
