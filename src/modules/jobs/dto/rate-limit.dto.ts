import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_RATE_LIMIT_MAX, MAX_RATE_LIMIT_PER_MS, MIN_RATE_LIMIT_PER_MS, RateLimit } from '../../../domain/fairness';

/** A token bucket: `max` jobs may start at once from a full bucket, then one every perMs / max ms. */
export class RateLimitDto implements RateLimit {
  @ApiProperty({ minimum: 1, maximum: MAX_RATE_LIMIT_MAX, example: 10, description: 'Jobs that may start per perMs; also the burst a full bucket allows' })
  @IsInt()
  @Min(1)
  @Max(MAX_RATE_LIMIT_MAX)
  max: number;

  @ApiProperty({ minimum: MIN_RATE_LIMIT_PER_MS, maximum: MAX_RATE_LIMIT_PER_MS, example: 1000, description: 'The window, ms (at most a day)' })
  @IsInt()
  @Min(MIN_RATE_LIMIT_PER_MS)
  @Max(MAX_RATE_LIMIT_PER_MS)
  perMs: number;
}
