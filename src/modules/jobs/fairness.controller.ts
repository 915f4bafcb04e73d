import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { GroupSettingsPatch, QueueSettingsPatch } from '../../domain/fairness';
import { DEFAULT_GROUP_ALIAS, groupCursorFromQuery, GroupParamPipe } from './default-group-alias';
import { GroupPageResponseDto, GroupStateResponseDto } from './dto/group-state-response.dto';
import { ListGroupsQueryDto } from './dto/list-groups-query.dto';
import { PutGroupDto } from './dto/put-group.dto';
import { PutQueueSettingsDto } from './dto/put-queue-settings.dto';
import { QueueSettingsResponseDto } from './dto/queue-settings-response.dto';
import { FairnessService } from './fairness.service';
import { presentGroup, presentGroupPage, presentQueueSettings } from './fairness.presenter';
import { DEFAULT_GROUPS_PAGE } from './job-limits';
import type { Request } from 'express';
import { Audited, bodyObject, param } from '../../http';

const QUEUE_PARAM = { name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' };
const GROUP_PARAM = { name: 'group', description: `A group name ([A-Za-z0-9_.:-]{1,100}), or ${DEFAULT_GROUP_ALIAS} for the default group (jobs without a group)` };

/** The fairness routes of a queue (README, Fairness and rate limits): settings, pause, groups. */
@ApiTags('queues')
@ApiBearerAuth()
@ApiParam(QUEUE_PARAM)
@ApiBadRequestResponse({ description: 'A field or path parameter is invalid, or the queue is not one of QUEUES; `errors` names it' })
@ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds' })
@Controller('queues')
export class FairnessController {
  constructor(private readonly fairness: FairnessService) {}

  @Get(':name/settings')
  @ApiOperation({ operationId: 'getQueueSettings', summary: "The queue's fairness settings: paused, the groups' default cap, its rate limit" })
  @ApiOkResponse({ type: QueueSettingsResponseDto })
  async settings(@Param('name') queue: string): Promise<QueueSettingsResponseDto> {
    return presentQueueSettings(await this.fairness.settings(queue));
  }

  @Put(':name/settings')
  @Audited('queue.settings', queueTarget, bodyObject)
  @ApiOperation({ operationId: 'putQueueSettings', summary: 'Change the queue settings: a field left out stays, null clears it' })
  @ApiOkResponse({ type: QueueSettingsResponseDto, description: 'The settings after the change' })
  @ApiJsonBodyOnly()
  async updateSettings(@Param('name') queue: string, @Body() dto: PutQueueSettingsDto): Promise<QueueSettingsResponseDto> {
    return presentQueueSettings(await this.fairness.updateSettings(queue, toQueueSettingsPatch(dto)));
  }

  @Post(':name/pause')
  @HttpCode(HttpStatus.OK)
  @Audited('queue.pause', queueTarget)
  @ApiOperation({ operationId: 'pauseQueue', summary: 'Pause the queue: no job of it is claimed (running ones run on; enqueues still work)' })
  @ApiOkResponse({ type: QueueSettingsResponseDto })
  async pause(@Param('name') queue: string): Promise<QueueSettingsResponseDto> {
    return presentQueueSettings(await this.fairness.setPaused(queue, true));
  }

  @Post(':name/resume')
  @HttpCode(HttpStatus.OK)
  @Audited('queue.resume', queueTarget)
  @ApiOperation({ operationId: 'resumeQueue', summary: 'Resume the queue' })
  @ApiOkResponse({ type: QueueSettingsResponseDto })
  async resume(@Param('name') queue: string): Promise<QueueSettingsResponseDto> {
    return presentQueueSettings(await this.fairness.setPaused(queue, false));
  }

  @Get(':name/groups')
  @ApiOperation({ operationId: 'listGroups', summary: `The groups with pending or running jobs or settings of their own, by name (${DEFAULT_GROUP_ALIAS} first), paged` })
  @ApiOkResponse({ type: GroupPageResponseDto })
  async groups(@Param('name') queue: string, @Query() query: ListGroupsQueryDto): Promise<GroupPageResponseDto> {
    return presentGroupPage(await this.fairness.groups(queue, query.limit ?? DEFAULT_GROUPS_PAGE, groupCursorFromQuery(query.cursor)));
  }

  @Get(':name/groups/:group')
  @ApiOperation({ operationId: 'getGroup', summary: 'One group now (a group with no jobs and no settings reads as empty, not 404)' })
  @ApiParam(GROUP_PARAM)
  @ApiOkResponse({ type: GroupStateResponseDto })
  async group(@Param('name') queue: string, @Param('group', GroupParamPipe) group: string): Promise<GroupStateResponseDto> {
    return presentGroup(await this.fairness.group(queue, group));
  }

  @Put(':name/groups/:group')
  @Audited('group.put', (req) => `${queueTarget(req)}/group:${param(req, 'group')}`, bodyObject)
  @ApiOperation({ operationId: 'putGroup', summary: "Change a group's cap, rate limit or pause: a field left out stays, null clears it" })
  @ApiParam(GROUP_PARAM)
  @ApiOkResponse({ type: GroupStateResponseDto, description: 'The group after the change' })
  @ApiJsonBodyOnly()
  async updateGroup(@Param('name') queue: string, @Param('group', GroupParamPipe) group: string, @Body() dto: PutGroupDto): Promise<GroupStateResponseDto> {
    return presentGroup(await this.fairness.updateGroup(queue, group, toGroupSettingsPatch(dto)));
  }
}

function queueTarget(req: Request): string {
  return `queue:${param(req, 'name')}`;
}

/** Only the fields given: a DTO's unset properties (undefined) must not read as "clear" (null). */
function toQueueSettingsPatch(dto: PutQueueSettingsDto): QueueSettingsPatch {
  const patch: QueueSettingsPatch = {};
  if (dto.groupConcurrency !== undefined) patch.groupConcurrency = dto.groupConcurrency;
  if (dto.rateLimit !== undefined) patch.rateLimit = dto.rateLimit === null ? null : { max: dto.rateLimit.max, perMs: dto.rateLimit.perMs };
  return patch;
}

function toGroupSettingsPatch(dto: PutGroupDto): GroupSettingsPatch {
  const patch: GroupSettingsPatch = {};
  if (dto.concurrency !== undefined) patch.concurrency = dto.concurrency;
  if (dto.rateLimit !== undefined) patch.rateLimit = dto.rateLimit === null ? null : { max: dto.rateLimit.max, perMs: dto.rateLimit.perMs };
  if (dto.paused !== undefined) patch.paused = dto.paused;
  return patch;
}
