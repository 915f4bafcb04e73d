import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { BackoffStrategy } from '../../../domain/job';
import { MAX_BACKOFF_DELAY_MS } from '../job-limits';
import { IsAtLeastField } from '../validation/is-at-least-field.decorator';

const STRATEGIES: BackoffStrategy[] = ['fixed', 'exponential'];

export class BackoffDto {
  @ApiProperty({ enum: STRATEGIES, description: 'fixed: the same delay every time; exponential: delayMs * 2^(attempt-1), jittered' })
  @IsIn(STRATEGIES)
  strategy: BackoffStrategy;

  @ApiProperty({ minimum: 0, maximum: MAX_BACKOFF_DELAY_MS, description: 'Base delay in ms before the next attempt' })
  @IsInt()
  @Min(0)
  @Max(MAX_BACKOFF_DELAY_MS)
  delayMs: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_BACKOFF_DELAY_MS,
    description: 'Upper bound of any single delay; defaults to one hour, or delayMs when that is larger',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_BACKOFF_DELAY_MS)
  @IsAtLeastField('delayMs')
  maxDelayMs?: number;
}
