import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export const ATTEMPT_OUTCOMES = ['running', 'succeeded', 'failed', 'released', 'expired', 'cancelled'] as const;
export type AttemptOutcomeView = (typeof ATTEMPT_OUTCOMES)[number];

export class JobAttemptResponseDto {
  @ApiProperty({ example: 1, description: 'Attempt number, from 1; numbers repeat after an API retry (which restarts the count) or a release (which gives the attempt back)' })
  attempt: number;

  @ApiProperty({
    example: 1,
    description: "The attempt's run: the fencing token of its claim, bumped on every claim of the job and never reset, so it tells every attempt apart; items are in run order",
  })
  run: number;

  @ApiProperty({ enum: ATTEMPT_OUTCOMES, description: '`running` while the attempt has not ended (or its end is not recorded yet)' })
  outcome: AttemptOutcomeView;

  @ApiPropertyOptional()
  workerId?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  startedAt?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  finishedAt?: string;

  @ApiPropertyOptional({ description: 'Why the attempt failed or expired' })
  error?: string;

  @ApiPropertyOptional({ description: 'The latest progress this attempt reported (ctx.progress: a number or a JSON value); absent until it did' })
  progress?: unknown;

  @ApiPropertyOptional({ format: 'date-time', description: 'When this attempt reported it' })
  progressAt?: string;
}

export class JobAttemptsResponseDto {
  @ApiProperty()
  jobId: string;

  @ApiProperty({
    enum: ['history', 'store'],
    description:
      '`history`: every attempt, from PostgreSQL. `store` (history off, or not yet written): only the latest attempt, ' +
      'derived from the job itself; earlier attempts are counted in the job\'s `attempts` but not described.',
  })
  source: 'history' | 'store';

  @ApiProperty({ type: [JobAttemptResponseDto], description: 'Oldest first (in run order)' })
  items: JobAttemptResponseDto[];
}
