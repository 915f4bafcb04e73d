import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { MAX_GROUP_CONCURRENCY } from '../../../domain/fairness';
import { SkipIfAbsent, SkipIfAbsentOrNull } from '../validation/skip-if-absent.decorator';
import { RateLimitDto } from './rate-limit.dto';

/** PUT /queues/:name/groups/:group: a field left out stays as it is, null clears it. */
export class PutGroupDto {
  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: MAX_GROUP_CONCURRENCY,
    description: "The group's own cap: its jobs running at once across the fleet. null: the queue's groupConcurrency (and a host group's HTTP_HOST_CONCURRENCY) apply",
  })
  @SkipIfAbsentOrNull()
  @IsInt()
  @Min(1)
  @Max(MAX_GROUP_CONCURRENCY)
  concurrency?: number | null;

  @ApiPropertyOptional({ type: RateLimitDto, nullable: true, description: "The group's rate: only its own jobs count. null: none" })
  @SkipIfAbsentOrNull()
  @IsObject()
  @ValidateNested()
  @Type(() => RateLimitDto)
  rateLimit?: RateLimitDto | null;

  @ApiPropertyOptional({ description: "true: none of the group's jobs is claimed (they stay pending; running ones run on); false: resumed" })
  @SkipIfAbsent()
  @IsBoolean()
  paused?: boolean;
}
