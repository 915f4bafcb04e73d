import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { JOB_STATUSES, JobStatus } from '../../../domain/job';
import { JOB_EVENT_KINDS, JobEventKind } from '../../../domain/job-event';
import { MAX_LAST_EVENT_ID_LENGTH } from '../job-limits';

/** `a,b,c` (or a repeated parameter) as a list; anything else as is, for the validators to refuse. */
const commaList = ({ value }: { value: unknown }): unknown => {
  const parts = Array.isArray(value) ? value : [value];
  return parts.every((part) => typeof part === 'string') ? (parts as string[]).flatMap((part) => part.split(',')).filter((part) => part !== '') : value;
};

/** A stream's resume point, for clients that cannot send the Last-Event-ID header. */
export class EventStreamQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_LAST_EVENT_ID_LENGTH,
    description: 'Resume after this event id, as the Last-Event-ID header does (the header wins when both are sent)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LAST_EVENT_ID_LENGTH)
  lastEventId?: string;
}

/** `GET /queues/:name/events`: which events to pass on. */
export class QueueEventStreamQueryDto extends EventStreamQueryDto {
  @ApiPropertyOptional({
    type: String,
    example: 'claimed,succeeded',
    description: `Only events of these kinds, comma-separated (all when absent): ${JOB_EVENT_KINDS.join(', ')}`,
  })
  @IsOptional()
  @Transform(commaList)
  @IsIn(JOB_EVENT_KINDS, { each: true, message: `each of $property must be one of: ${JOB_EVENT_KINDS.join(', ')}` })
  types?: JobEventKind[];

  @ApiPropertyOptional({
    type: String,
    example: 'failed,cancelled',
    description: `Only events whose job is in one of these states after the change, comma-separated (all when absent): ${JOB_STATUSES.join(', ')}`,
  })
  @IsOptional()
  @Transform(commaList)
  @IsIn(JOB_STATUSES, { each: true, message: `each of $property must be one of: ${JOB_STATUSES.join(', ')}` })
  states?: JobStatus[];
}
