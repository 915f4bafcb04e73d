import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { DEFAULT_QUEUE } from '../../domain/job';
import { BulkCreateJobsResponseDto } from './dto/bulk-create-jobs-response.dto';
import { BulkCreateJobsDto } from './dto/bulk-create-jobs.dto';
import { CreateJobDto } from './dto/create-job.dto';
import { JobPageResponseDto } from './dto/job-page-response.dto';
import { JobResponseDto } from './dto/job-response.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { DEFAULT_LIST_LIMIT } from './job-limits';
import { presentJob } from './job.presenter';
import { toJobSpec } from './job-spec.mapper';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post()
  @ApiCreatedResponse({ type: JobResponseDto, description: 'The job was added' })
  @ApiOkResponse({ type: JobResponseDto, description: 'The idempotency key matched an existing job, returned as is' })
  @ApiBadRequestResponse({ description: 'A field is invalid; `errors` lists each field and the reason' })
  @ApiPayloadTooLargeResponse({ description: 'The payload is larger than MAX_PAYLOAD_BYTES' })
  async create(@Body() dto: CreateJobDto, @Res({ passthrough: true }) res: Response): Promise<JobResponseDto> {
    const { job, created } = await this.jobs.create(toJobSpec(dto));
    if (!created) res.status(HttpStatus.OK);
    return presentJob(job);
  }

  @Post('bulk')
  @ApiCreatedResponse({ type: BulkCreateJobsResponseDto, description: 'Every job was validated, then added' })
  @ApiBadRequestResponse({ description: 'Nothing was added; `errors` names the fields as jobs.<index>.<field>' })
  async createMany(@Body() dto: BulkCreateJobsDto): Promise<BulkCreateJobsResponseDto> {
    return { ids: await this.jobs.createMany(dto.jobs.map(toJobSpec)) };
  }

  @Get()
  @ApiOkResponse({ type: JobPageResponseDto })
  async list(@Query() query: ListJobsQueryDto): Promise<JobPageResponseDto> {
    const page = await this.jobs.list({
      queue: query.queue ?? DEFAULT_QUEUE,
      status: query.status,
      type: query.type,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      cursor: query.cursor,
    });
    return { items: page.items.map(presentJob), nextCursor: page.nextCursor };
  }

  @Get(':id')
  @ApiOkResponse({ type: JobResponseDto })
  @ApiNotFoundResponse()
  async get(@Param('id') id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.get(id));
  }

  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: JobResponseDto, description: 'Cancelled, or (running) cancel requested' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'The job has already finished' })
  async cancel(@Param('id') id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.cancel(id));
  }

  @Post(':id/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: JobResponseDto, description: 'Back to pending with attempts reset' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'Only failed or cancelled jobs can be retried' })
  async retry(@Param('id') id: string): Promise<JobResponseDto> {
    return presentJob(await this.jobs.retry(id));
  }
}
