import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString } from 'class-validator';
import { IsOptional } from 'class-validator';
import { JSON_VALUE_BRANCHES } from '../../../http/openapi-schemas';
import { OpaqueJson } from '../../../http/opaque-json.decorator';
import { MAX_LOG_LINE_CHARS, MAX_PROGRESS_BYTES } from '../../../domain/job-progress';
import { ReleaseJobDto } from './settle.dto';

/** Most log lines one report carries. */
export const MAX_REPORT_LINES = 1_000;

/** POST /jobs/:id/report: a running job's progress and log lines, under its lease's token. */
export class ReportJobDto extends ReleaseJobDto {
  @ApiPropertyOptional({
    description: `The job's progress: a number or any JSON value of at most ${MAX_PROGRESS_BYTES} bytes; the job keeps the latest`,
    oneOf: JSON_VALUE_BRANCHES,
  })
  @IsOptional()
  @OpaqueJson()
  progress?: unknown;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_REPORT_LINES,
    description: `Log lines, oldest first (each cut to ${MAX_LOG_LINE_CHARS} characters); the job keeps its newest JOB_LOG_LINES`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_REPORT_LINES)
  @IsString({ each: true })
  lines?: string[];
}

export class ReportedDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ enum: ['ok'], description: 'Stored (a stale token is a 409 instead)' })
  status: 'ok';
}
