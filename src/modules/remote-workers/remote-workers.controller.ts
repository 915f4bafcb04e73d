import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ClaimedJob } from '../../domain/job';
import { NAME_PATTERN } from '../../domain/job';
import { InvalidJobSpecError } from '../../domain/errors';
import { JobIdPipe } from '../../http/id-param.pipe';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { requestAccess } from '../../http/request-access';
import { clientGone } from '../../http/client-gone';
import { presentJob } from '../jobs';
import { ClaimedJobDto, ClaimJobsDto, ClaimJobsResponseDto } from './dto/claim.dto';
import { HeartbeatDto, HeartbeatResponseDto } from './dto/heartbeat.dto';
import { CancelsQueryDto, CancelsResponseDto } from './dto/cancels.dto';
import { RemoteCancels } from './remote-cancels';
import { ReportedDto, ReportJobDto } from './dto/report.dto';
import { CompleteJobDto, FailJobDto, ReleaseJobDto, SettledJobDto, SettlementResultDto, SettlementsDto, SettlementsResponseDto } from './dto/settle.dto';
import { RemoteWorkersService, Settlement } from './remote-workers.service';

const iso = (ms: number): string => new Date(ms).toISOString();

function presentClaim({ job, token, leaseExpiresAt, parents, parentRuns }: ClaimedJob): ClaimedJobDto {
  const dto: ClaimedJobDto = { job: presentJob(job), token, leaseExpiresAt: iso(leaseExpiresAt) };
  if (job.traceparent !== undefined) dto.traceparent = job.traceparent;
  if (parents !== undefined) dto.parents = parents;
  if (parentRuns !== undefined) dto.parentRuns = parentRuns;
  if (job.tracestate !== undefined) dto.tracestate = job.tracestate;
  return dto;
}

/** A route parameter that must be a name ([A-Za-z0-9_.:-]{1,100}): 400 naming it otherwise. */
function checkName(value: string, field: string): string {
  if (!NAME_PATTERN.test(value)) throw new InvalidJobSpecError(field, 'must match [A-Za-z0-9_.:-]{1,100}');
  return value;
}


/**
 * Workers in any language (docs/remote-workers.md): claim with a long poll, heartbeat every lease
 * at once, settle by fencing token. Worker keys (API_KEYS_WORKER) may use these routes only, in
 * their queues.
 */
@ApiTags('remote workers')
@ApiBearerAuth()
@ApiBadRequestResponse({ description: 'A field is invalid; `errors` names each field and the reason' })
@ApiForbiddenResponse({ description: 'A worker key used on a queue it is not for' })
@ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds' })
@Controller()
export class RemoteWorkersController {
  constructor(
    private readonly remote: RemoteWorkersService,
    private readonly cancels: RemoteCancels,
  ) {}

  @Post('queues/:queue/claims')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: ClaimJobsResponseDto, description: 'The jobs claimed (none when none came within waitMs), each with its token and lease' })
  @ApiOperation({ operationId: 'claimJobs', summary: 'Claim up to 1,000 jobs of a queue, waiting up to 30 s for them (a long poll)' })
  async claim(@Param('queue') queue: string, @Body() dto: ClaimJobsDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ClaimJobsResponseDto> {
    const claimed = await this.remote.claim({
      queue: checkName(queue, 'queue'),
      worker: dto.worker,
      max: dto.max ?? 1,
      types: dto.types,
      waitMs: dto.waitMs ?? 0,
      scope: requestAccess(req).queues,
      signal: dto.waitMs ? clientGone(res) : undefined,
    });
    return { jobs: claimed.map(presentClaim), leaseMs: this.remote.leaseMs, heartbeatMs: this.remote.heartbeatMs };
  }

  @Post('workers/:workerId/heartbeat')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: HeartbeatResponseDto, description: 'Every lease named was renewed but those listed as cancelled or stale' })
  @ApiOperation({ operationId: 'workerHeartbeat', summary: "Renew every lease a worker holds; hear which of its jobs were cancelled or are no longer its" })
  async heartbeat(@Param('workerId') workerId: string, @Body() dto: HeartbeatDto, @Req() req: Request): Promise<HeartbeatResponseDto> {
    const reply = await this.remote.heartbeat({
      workerId: checkName(workerId, 'workerId'),
      queues: dto.queues ?? [],
      leases: dto.leases ?? [],
      info: dto.info ?? {},
      final: dto.final === true,
      scope: requestAccess(req).queues,
    });
    return { cancelled: reply.cancelled, stale: reply.stale, leaseExpiresAt: iso(reply.leaseExpiresAt) };
  }

  @Get('workers/:workerId/cancels')
  @ApiOkResponse({ type: CancelsResponseDto, description: 'The cancels asked of the jobs this worker runs, as soon as one is (none when none came within waitMs)' })
  @ApiOperation({
    operationId: 'workerCancels',
    summary: "Hear at once which of a worker's running jobs a cancel was asked of (a long poll of up to 30 s; the heartbeat tells them too, later)",
  })
  async workerCancels(@Param('workerId') workerId: string, @Query() query: CancelsQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CancelsResponseDto> {
    const waitMs = query.waitMs ?? 0;
    const cancelled = await this.cancels.wait(checkName(workerId, 'workerId'), waitMs, requestAccess(req).queues, waitMs > 0 ? clientGone(res) : undefined);
    return { cancelled };
  }

  @Post('jobs/:id/complete')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: SettledJobDto, description: 'Recorded (or recorded before, with this token): the job\'s status' })
  @ApiNotFoundResponse({ description: 'The id names no queue claimq made' })
  @ApiConflictResponse({ description: '`stale`: the token is not the job\'s current one, or the job is not running; nothing was recorded' })
  @ApiPayloadTooLargeResponse({ description: 'The result is larger than MAX_PAYLOAD_BYTES' })
  @ApiOperation({ operationId: 'completeJob', summary: 'Record a claimed job\'s result' })
  async complete(@Param('id', JobIdPipe) id: string, @Body() dto: CompleteJobDto, @Req() req: Request): Promise<SettledJobDto> {
    return this.settleOne({ id, token: dto.token, status: 'succeeded', result: dto.result, traceparent: dto.traceparent }, req);
  }

  @Post('jobs/:id/fail')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: SettledJobDto, description: 'Recorded: scheduled (a retry is due), failed, or cancelled (a cancel was asked for)' })
  @ApiNotFoundResponse({ description: 'The id names no queue claimq made' })
  @ApiConflictResponse({ description: '`stale`: the token is not the job\'s current one, or the job is not running; nothing was recorded' })
  @ApiOperation({ operationId: 'failJob', summary: 'Record that a claimed job\'s attempt failed' })
  async fail(@Param('id', JobIdPipe) id: string, @Body() dto: FailJobDto, @Req() req: Request): Promise<SettledJobDto> {
    return this.settleOne({ id, token: dto.token, status: 'failed', error: dto.error, retryable: dto.retryable, retryInMs: dto.retryInMs, stack: dto.stack }, req);
  }

  @Post('jobs/:id/release')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: SettledJobDto, description: 'Given back: pending again, its attempt not spent' })
  @ApiNotFoundResponse({ description: 'The id names no queue claimq made' })
  @ApiConflictResponse({ description: '`stale`: the token is not the job\'s current one, or the job is not running' })
  @ApiOperation({ operationId: 'releaseJob', summary: 'Give a claimed job back unrun (a worker that shuts down)' })
  async release(@Param('id', JobIdPipe) id: string, @Body() dto: ReleaseJobDto, @Req() req: Request): Promise<SettledJobDto> {
    return this.settleOne({ id, token: dto.token, status: 'released' }, req);
  }

  @Post('jobs/:id/report')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: ReportedDto, description: 'Stored: the job shows the progress, GET /jobs/{id}/logs the lines, and its event stream carried both' })
  @ApiBadRequestResponse({ description: 'progress is not a JSON value of at most 4 KB, or lines is not up to 1,000 strings; `errors` names the field' })
  @ApiNotFoundResponse({ description: 'The id names no queue claimq made' })
  @ApiConflictResponse({ description: '`stale`: the token is not the job\'s current one, or the job is not running; nothing was stored' })
  @ApiOperation({ operationId: 'reportJob', summary: "Report a claimed job's progress and log lines (a handler's ctx.progress and ctx.log)" })
  async report(@Param('id', JobIdPipe) id: string, @Body() dto: ReportJobDto, @Req() req: Request): Promise<ReportedDto> {
    await this.remote.report(id, dto.token, dto.progress, dto.lines, requestAccess(req).queues);
    return { id, status: 'ok' };
  }

  @Post('settlements')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBodyOnly()
  @ApiOkResponse({ type: SettlementsResponseDto, description: 'Each result\'s status, in the order sent; a stale one is "stale" (not a 409)' })
  @ApiPayloadTooLargeResponse({ description: 'A result is larger than MAX_PAYLOAD_BYTES, or the body than MAX_BODY_BYTES' })
  @ApiOperation({ operationId: 'settleJobs', summary: 'Complete, fail or release up to 1,000 claimed jobs in one call' })
  async settle(@Body() dto: SettlementsDto, @Req() req: Request): Promise<SettlementsResponseDto> {
    const items = dto.results as Settlement[];
    const statuses = await this.remote.settle(items, requestAccess(req).queues);
    return { results: items.map((item, i) => ({ id: item.id, status: statuses[i] as SettlementResultDto['status'] })) };
  }

  private async settleOne(item: Settlement, req: Request): Promise<SettledJobDto> {
    const status = await this.remote.settleOne(item, requestAccess(req).queues);
    return { id: item.id, status: status as SettledJobDto['status'] };
  }
}
