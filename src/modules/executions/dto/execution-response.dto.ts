import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXECUTION_STATUSES, ExecutionStatus } from '../../../domain/execution';
import { ExecutionJson } from '../../../domain/execution-json';
import { QueueCounts } from '../../../domain/job';
import { QueueCountsDto } from '../../jobs';


export class AddedJobsResponseDto {
  @ApiProperty({ example: 'default-01JABCDEFG0123456789ABCD' })
  id: string;

  @ApiProperty({ description: 'Jobs in the execution now' })
  total: number;

  @ApiProperty({ type: [String], description: "The added jobs' ids, in the order given" })
  jobIds: string[];
}

export class ExecutionResponseDto implements ExecutionJson {
  @ApiProperty()
  id: string;

  @ApiProperty()
  queue: string;

  @ApiProperty({ enum: EXECUTION_STATUSES, description: 'running until every job is final; then succeeded, failed (none succeeded) or partial' })
  status: ExecutionStatus;

  @ApiProperty({ type: QueueCountsDto })
  counts: QueueCounts;

  @ApiProperty()
  total: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;

  @ApiPropertyOptional({ format: 'date-time' })
  finishedAt?: string;
}

export class CreatedExecutionResponseDto {
  @ApiProperty({ example: 'default-01JABCDEFG0123456789ABCD' })
  id: string;

  @ApiProperty({ description: 'Jobs in the execution (a job whose idempotency key matched an existing job is not one)' })
  total: number;

  @ApiPropertyOptional({
    type: ExecutionResponseDto,
    description: 'With `waitMs`: the execution once it ended, or as it stood when the wait ran out (check `status`); absent without it, or when the store could not be read after the write',
  })
  execution?: ExecutionResponseDto;
}

export class ExecutionPageResponseDto {
  @ApiProperty({ type: [ExecutionResponseDto] })
  items: ExecutionResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}
