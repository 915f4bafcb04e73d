import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_LOG_PAGE } from '../../../domain/job-progress';

/** `GET /jobs/:id/logs`: where the page starts and how long it is. */
export class JobLogsQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: "The first line's number (lines are numbered from 1 over the job's life); a dropped line's number starts at the oldest kept" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  from?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LOG_PAGE, default: 100, description: 'Most lines in the page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LOG_PAGE)
  limit?: number;
}

export class JobLogLineDto {
  @ApiProperty({ minimum: 1, description: "The line's number, from 1 over the job's life (retries go on counting)" })
  seq!: number;

  @ApiProperty({ format: 'date-time', description: 'When the store took it' })
  at!: string;

  @ApiProperty({ description: 'The text, at most 4,096 characters' })
  line!: string;
}

export class JobLogsResponseDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ type: [JobLogLineDto], description: 'Kept lines from `from` on, oldest first' })
  lines!: JobLogLineDto[];

  @ApiProperty({ minimum: 0, description: 'Lines written in all (the last one\'s number)' })
  total!: number;

  @ApiProperty({ minimum: 1, description: "The oldest kept line's number (the job keeps its newest JOB_LOG_LINES)" })
  firstKept!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Pass as `from` for the next page; null when this page reaches the last line written so far' })
  nextFrom!: number | null;

  @ApiProperty({ enum: ['store', 'history'], description: '`history`: retention removed the job from the store, and the page is what job history kept (its newest JOB_LOG_LINES; empty with history off)' })
  source!: 'store' | 'history';
}
