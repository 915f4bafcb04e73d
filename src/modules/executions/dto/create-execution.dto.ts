import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { MAX_EXECUTION_JOBS } from '../../../domain/execution';
import { AddedExecutionJobDto, ExecutionJobDto } from './execution-job.dto';
import { MAX_CALLBACK_URL_LENGTH, MAX_IDEMPOTENCY_KEY_LENGTH, IsHttpUrl } from '../../jobs';

export class CreateExecutionDto {
  @ApiProperty({
    type: [ExecutionJobDto],
    minItems: 1,
    maxItems: MAX_EXECUTION_JOBS,
    description: 'Jobs as POST /jobs takes them, all of one queue, each with an optional key and dependsOn (a graph); added all or nothing',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EXECUTION_JOBS)
  @ValidateNested({ each: true })
  @Type(() => ExecutionJobDto)
  jobs: ExecutionJobDto[];

  @ApiPropertyOptional({ format: 'uri', maxLength: MAX_CALLBACK_URL_LENGTH, description: 'POSTed the execution JSON once, when it ends' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CALLBACK_URL_LENGTH)
  @IsHttpUrl()
  callbackUrl?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
    description:
      'A repeated key in the same queue returns the existing execution (200, same id) instead of adding one, ' +
      'while that execution is in the store (until EXECUTION_RETENTION_MS after it ends)',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_IDEMPOTENCY_KEY_LENGTH)
  idempotencyKey?: string;
}

export class AddExecutionJobsDto {
  @ApiProperty({
    type: [AddedExecutionJobDto],
    minItems: 1,
    maxItems: MAX_EXECUTION_JOBS,
    description: "Jobs to add to the running execution (its queue by default), added all or nothing; the execution's total stays at most 10,000 jobs and 100,000 edges",
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EXECUTION_JOBS)
  @ValidateNested({ each: true })
  @Type(() => AddedExecutionJobDto)
  jobs: AddedExecutionJobDto[];
}
