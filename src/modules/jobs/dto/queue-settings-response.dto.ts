import { ApiProperty } from '@nestjs/swagger';
import { MAX_GROUP_CONCURRENCY, QueueSettings } from '../../../domain/fairness';
import { RateLimitDto } from './rate-limit.dto';

export class QueueSettingsResponseDto implements QueueSettings {
  @ApiProperty()
  queue: string;

  @ApiProperty({ description: 'No job of the queue is claimed while paused; running ones run on' })
  paused: boolean;

  @ApiProperty({ type: 'integer', nullable: true, minimum: 1, maximum: MAX_GROUP_CONCURRENCY, description: 'The cap of every group without its own; null: none' })
  groupConcurrency: number | null;

  @ApiProperty({ type: RateLimitDto, nullable: true, description: "The queue's own rate; null: none" })
  rateLimit: RateLimitDto | null;
}
