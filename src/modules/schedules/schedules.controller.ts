import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { DEFAULT_LIST_LIMIT } from '../jobs';
import { parseRunAt } from '../jobs';
import { toJobSpec } from '../jobs';
import { ListSchedulesQueryDto } from './dto/list-schedules-query.dto';
import { PutScheduleDto } from './dto/put-schedule.dto';
import { ScheduleDetailResponseDto, SchedulePageResponseDto, ScheduleResponseDto, ScheduleTriggerResponseDto } from './dto/schedule-response.dto';
import { presentSchedule, presentScheduleDetail } from './schedule.presenter';
import { ScheduleSpec, SchedulesService } from './schedules.service';
import { Audited, bodyObject, param } from '../../http';
import { TraceContextInterceptor } from '../tracing';

@ApiTags('schedules')
@ApiBearerAuth()
@ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds' })
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Put(':name')
  @Audited('schedule.put', scheduleTarget, scheduleFieldNames)
  @ApiOperation({ operationId: 'putSchedule', summary: 'Create or replace a schedule' })
  @ApiCreatedResponse({ type: ScheduleResponseDto, description: 'Created' })
  @ApiOkResponse({ type: ScheduleResponseDto, description: 'Replaced: the whole definition, ticks computed from now; runs and counts kept' })
  @ApiBadRequestResponse({ description: 'A field is invalid; `errors` names it (job.payload.url, cron, timezone...)' })
  @ApiPayloadTooLargeResponse({ description: 'The job payload is larger than MAX_PAYLOAD_BYTES' })
  @ApiJsonBodyOnly()
  async put(@Param('name') name: string, @Body() dto: PutScheduleDto, @Res({ passthrough: true }) res: Response): Promise<ScheduleResponseDto> {
    const { created, schedule } = await this.schedules.put(name, toScheduleSpec(dto));
    res.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return presentSchedule(schedule);
  }

  @Get()
  @ApiOperation({ operationId: 'listSchedules', summary: 'List schedules by name' })
  @ApiOkResponse({ type: SchedulePageResponseDto })
  async list(@Query() query: ListSchedulesQueryDto): Promise<SchedulePageResponseDto> {
    const page = await this.schedules.list(query.limit ?? DEFAULT_LIST_LIMIT, query.cursor);
    return { items: page.items.map(presentSchedule), nextCursor: page.nextCursor };
  }

  @Get(':name')
  @ApiOperation({ operationId: 'getSchedule', summary: 'A schedule with its next 5 ticks and its latest 20 runs' })
  @ApiOkResponse({ type: ScheduleDetailResponseDto })
  @ApiNotFoundResponse()
  async get(@Param('name') name: string): Promise<ScheduleDetailResponseDto> {
    return presentScheduleDetail(await this.schedules.get(name));
  }

  @Delete(':name')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Audited('schedule.delete', scheduleTarget)
  @ApiOperation({ operationId: 'deleteSchedule', summary: 'Delete a schedule (the jobs it made stay)' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async delete(@Param('name') name: string): Promise<void> {
    await this.schedules.delete(name);
  }

  @Post(':name/pause')
  @HttpCode(HttpStatus.OK)
  @Audited('schedule.pause', scheduleTarget)
  @ApiOperation({ operationId: 'pauseSchedule', summary: 'Pause: no tick fires until resumed' })
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiNotFoundResponse()
  async pause(@Param('name') name: string): Promise<ScheduleResponseDto> {
    return presentSchedule(await this.schedules.pause(name));
  }

  @Post(':name/resume')
  @HttpCode(HttpStatus.OK)
  @Audited('schedule.resume', scheduleTarget)
  @ApiOperation({ operationId: 'resumeSchedule', summary: 'Resume at the first tick after now (ticks while paused are not caught up)' })
  @ApiOkResponse({ type: ScheduleResponseDto })
  @ApiNotFoundResponse()
  async resume(@Param('name') name: string): Promise<ScheduleResponseDto> {
    return presentSchedule(await this.schedules.resume(name));
  }

  @Post(':name/trigger')
  @Audited('schedule.trigger', scheduleTarget)
  @ApiOperation({ operationId: 'triggerSchedule', summary: 'Fire once, now (also when paused; the overlap rule does not apply)' })
  @UseInterceptors(TraceContextInterceptor)
  @ApiCreatedResponse({ type: ScheduleTriggerResponseDto })
  @ApiNotFoundResponse()
  async trigger(@Param('name') name: string): Promise<ScheduleTriggerResponseDto> {
    const { jobId, fireAt } = await this.schedules.trigger(name);
    return { jobId, fireAt: new Date(fireAt).toISOString() };
  }
}

function scheduleTarget(req: Request): string {
  return `schedule:${param(req, 'name')}`;
}

/**
 * A schedule put records the names of the fields it set, never their values: a schedule's job
 * may carry secret headers (HTTP_SECRET_HEADERS), and its payload is the client's business.
 */
function scheduleFieldNames(req: Request): Record<string, unknown> | undefined {
  const body = bodyObject(req);
  if (body === undefined) return undefined;
  const job = typeof body.job === 'object' && body.job !== null && !Array.isArray(body.job) ? Object.keys(body.job).sort() : undefined;
  return job === undefined ? { fields: Object.keys(body).sort() } : { fields: Object.keys(body).sort(), jobFields: job };
}

function toScheduleSpec(dto: PutScheduleDto): ScheduleSpec {
  // the job fields through the mapper of POST /jobs, so defaults and backoff caps are the same
  const { queue: _queue, ...job } = toJobSpec(dto.job);
  const spec: ScheduleSpec = { job };
  if (dto.queue != null) spec.queue = dto.queue;
  if (dto.cron != null) spec.cron = dto.cron;
  if (dto.everyMs != null) spec.everyMs = dto.everyMs;
  if (dto.timezone != null) spec.timezone = dto.timezone;
  if (dto.overlap != null) spec.overlap = dto.overlap;
  if (dto.catchUp != null) spec.catchUp = dto.catchUp;
  if (dto.maxCatchUp != null) spec.maxCatchUp = dto.maxCatchUp;
  if (dto.startAt != null) spec.startAt = parseRunAt(dto.startAt);
  if (dto.endAt != null) spec.endAt = parseRunAt(dto.endAt);
  if (dto.paused != null) spec.paused = dto.paused;
  return spec;
}
