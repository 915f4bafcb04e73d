import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InvalidJobSpecError } from '../../domain/errors';
import { NAME_PATTERN } from '../../domain/job';
import { ApiJsonBodyOnly } from '../../http/json-only.middleware';
import { Audited, bodyObject, param } from '../../http';
import { BulkAction } from './bulk-job-action';
import { BulkCancelJobsDto, BulkJobActionResponseDto, BulkRetryJobsDto } from './dto/bulk-job-action.dto';
import { JobsService } from './jobs.service';

/**
 * Cancel or retry a queue's jobs by filter, one bounded batch per call: the caller (the dashboard,
 * a script) calls again with `nextCursor` until it is null (bulk-job-action.ts).
 */
@ApiTags('jobs')
@ApiBearerAuth()
@ApiParam({ name: 'name', description: 'A queue of QUEUES (400 naming `name` otherwise)' })
@ApiBadRequestResponse({ description: 'A field or the queue is invalid; `errors` names it' })
@ApiServiceUnavailableResponse({ description: 'The job store is unreachable; retry after Retry-After seconds (the same cursor again: jobs already changed have left the listing)' })
@Controller('queues')
export class BulkJobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post(':name/jobs/cancel')
  @HttpCode(HttpStatus.OK)
  @Audited('jobs.cancel', (req) => `queue:${param(req, 'name')}`, bodyObject)
  @ApiOperation({ operationId: 'cancelQueueJobs', summary: "Cancel one batch of the queue's pending, scheduled or running jobs (running ones are asked to cancel)" })
  @ApiOkResponse({ type: BulkJobActionResponseDto })
  @ApiJsonBodyOnly()
  cancel(@Param('name') queue: string, @Body() dto: BulkCancelJobsDto): Promise<BulkJobActionResponseDto> {
    return this.run('cancel', queue, dto);
  }

  @Post(':name/jobs/retry')
  @HttpCode(HttpStatus.OK)
  @Audited('jobs.retry', (req) => `queue:${param(req, 'name')}`, bodyObject)
  @ApiOperation({ operationId: 'retryQueueJobs', summary: "Retry one batch of the queue's failed or cancelled jobs" })
  @ApiOkResponse({ type: BulkJobActionResponseDto })
  @ApiJsonBodyOnly()
  retry(@Param('name') queue: string, @Body() dto: BulkRetryJobsDto): Promise<BulkJobActionResponseDto> {
    return this.run('retry', queue, dto);
  }

  private run(action: BulkAction, queue: string, dto: BulkCancelJobsDto | BulkRetryJobsDto): Promise<BulkJobActionResponseDto> {
    if (!NAME_PATTERN.test(queue)) throw new InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
    return this.jobs.bulk(action, { queue, status: dto.status, type: dto.type, limit: dto.limit, cursor: dto.cursor });
  }
}
