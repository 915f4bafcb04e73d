import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GroupLimit, MAX_GROUP_CONCURRENCY } from '../../../domain/fairness';
import { DEFAULT_GROUP_ALIAS } from '../default-group-alias';
import { RateLimitDto } from './rate-limit.dto';

const GROUP_LIMITS: GroupLimit[] = ['paused', 'concurrency', 'rate'];

/** A group of a queue now: its jobs, its settings, the cap in force and what holds it back. */
export class GroupStateResponseDto {
  @ApiProperty({ example: 'host:api.example.com', description: `The group's name; ${DEFAULT_GROUP_ALIAS} for the queue's default group (jobs without a group)` })
  name: string;

  @ApiProperty({ description: 'Jobs waiting to be claimed (scheduled ones join when due)' })
  pending: number;

  @ApiProperty({ description: 'Jobs running now across the fleet' })
  running: number;

  @ApiProperty()
  paused: boolean;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_GROUP_CONCURRENCY, description: "The group's own cap; null: it follows the queue's (and the host default)" })
  concurrency: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: "The cap in force: its own, else the queue's groupConcurrency, and a host group's never above HTTP_HOST_CONCURRENCY; null: none",
  })
  effectiveConcurrency: number | null;

  @ApiProperty({ type: RateLimitDto, nullable: true, description: "The group's own rate; null: none" })
  rateLimit: RateLimitDto | null;

  @ApiProperty({ enum: GROUP_LIMITS, nullable: true, description: 'What holds its pending jobs back now; null: nothing' })
  limitedBy: GroupLimit | null;

  @ApiPropertyOptional({ format: 'date-time', description: 'limitedBy rate: when its next job may start' })
  limitedUntil?: string;
}

export class GroupPageResponseDto {
  @ApiProperty({ type: [GroupStateResponseDto], description: `By name, ${DEFAULT_GROUP_ALIAS} first` })
  items: GroupStateResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as cursor for the next page; null on the last' })
  nextCursor: string | null;
}
