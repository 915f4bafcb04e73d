import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { MAX_EXECUTION_JOBS } from '../../../domain/execution';
import { CreateJobDto } from '../../jobs/dto/create-job.dto';
import { MAX_CALLBACK_URL_LENGTH } from '../../jobs/job-limits';
import { IsHttpUrl } from '../../jobs/validation/is-http-url.decorator';

export class CreateExecutionDto {
  @ApiProperty({
    type: [CreateJobDto],
    minItems: 1,
    maxItems: MAX_EXECUTION_JOBS,
    description: 'Jobs as POST /jobs takes them, all of one queue; added all or nothing',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EXECUTION_JOBS)
  @ValidateNested({ each: true })
  @Type(() => CreateJobDto)
  jobs: CreateJobDto[];

  @ApiPropertyOptional({ format: 'uri', maxLength: MAX_CALLBACK_URL_LENGTH, description: 'POSTed the execution JSON once, when it ends' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CALLBACK_URL_LENGTH)
  @IsHttpUrl()
  callbackUrl?: string;
}
