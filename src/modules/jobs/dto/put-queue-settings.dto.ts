import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { MAX_GROUP_CONCURRENCY } from '../../../domain/fairness';
import { SkipIfAbsentOrNull } from '../validation/skip-if-absent.decorator';
import { RateLimitDto } from './rate-limit.dto';

/** PUT /queues/:name/settings: a field left out stays as it is, null clears it. */
export class PutQueueSettingsDto {
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_GROUP_CONCURRENCY,
    description: "The cap of every group of the queue without one of its own: jobs of one group running at once across the fleet. null: no cap",
  })
  @SkipIfAbsentOrNull()
  @IsInt()
  @Min(1)
  @Max(MAX_GROUP_CONCURRENCY)
  groupConcurrency?: number | null;

  @ApiPropertyOptional({ type: RateLimitDto, nullable: true, description: "The queue's own rate: every job claimed from it counts. null: none" })
  @SkipIfAbsentOrNull()
  @IsObject()
  @ValidateNested()
  @Type(() => RateLimitDto)
  rateLimit?: RateLimitDto | null;
}
