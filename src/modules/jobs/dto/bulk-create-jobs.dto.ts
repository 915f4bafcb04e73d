import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { MAX_BULK_JOBS } from '../job-limits';
import { CreateJobDto } from './create-job.dto';

export class BulkCreateJobsDto {
  @ApiProperty({
    type: [CreateJobDto],
    minItems: 1,
    maxItems: MAX_BULK_JOBS,
    description: 'Jobs of one queue (400 naming jobs.N.queue otherwise), added all or nothing in one atomic write',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BULK_JOBS)
  @ValidateNested({ each: true })
  @Type(() => CreateJobDto)
  jobs: CreateJobDto[];
}
