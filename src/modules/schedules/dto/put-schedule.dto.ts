import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { NAME_PATTERN } from '../../../domain/job';
import {
  CATCH_UP_POLICIES,
  CatchUpPolicy,
  DEFAULT_MAX_CATCH_UP,
  MAX_CATCH_UP_LIMIT,
  MAX_EVERY_MS,
  MIN_EVERY_MS,
  OVERLAP_POLICIES,
  OverlapPolicy,
} from '../../../domain/schedule';
import { CreateJobDto, jobPayload } from '../../jobs';
import { IsRunAt } from '../../jobs';

/** The job each tick makes: a POST /jobs body without queue (the schedule's), timing and idempotency key (the tick's). */
export class ScheduleJobDto extends OmitType(CreateJobDto, ['queue', 'delayMs', 'runAt', 'idempotencyKey'] as const) {}
// @OpaqueJson is recorded per class; a mapped type copies validation and OpenAPI metadata, not it
jobPayload(ScheduleJobDto.prototype, 'payload');

const TIME_DESCRIPTION = 'ISO-8601 with a zone, or epoch ms';

export class PutScheduleDto {
  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, default: 'default', description: 'The queue of the jobs it fires: one of QUEUES (400 otherwise)' })
  @IsOptional()
  @IsString()
  @Matches(NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' })
  queue?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    example: '0 30 2 * * *',
    description: 'A cron pattern of 5 fields (minute hour day month weekday) or 6 (seconds first), in `timezone`. Exactly one of cron and everyMs.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cron?: string;

  @ApiPropertyOptional({ minimum: MIN_EVERY_MS, maximum: MAX_EVERY_MS, description: 'A tick every this many ms from startAt (or from the schedule\'s creation). Exactly one of cron and everyMs.' })
  @IsOptional()
  @IsInt()
  @Min(MIN_EVERY_MS)
  @Max(MAX_EVERY_MS)
  everyMs?: number;

  @ApiPropertyOptional({ default: 'UTC', maxLength: 100, example: 'Europe/Berlin', description: 'IANA time zone the cron pattern is read in' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  timezone?: string;

  @ApiProperty({ type: ScheduleJobDto, description: 'The job every tick makes, validated as POST /jobs validates a job' })
  @IsObject()
  @ValidateNested()
  @Type(() => ScheduleJobDto)
  job: ScheduleJobDto;

  @ApiPropertyOptional({ enum: OVERLAP_POLICIES, default: 'allow', description: 'skip: no tick fires while the previous run is pending, scheduled or running' })
  @IsOptional()
  @IsIn(OVERLAP_POLICIES)
  overlap?: OverlapPolicy;

  @ApiPropertyOptional({
    enum: CATCH_UP_POLICIES,
    default: 'latest',
    description:
      'Ticks whose time passed while no instance ran: none (dropped; a tick is on time within SCHEDULE_MISFIRE_GRACE_MS), latest (the latest one fires), all (each fires, up to maxCatchUp)',
  })
  @IsOptional()
  @IsIn(CATCH_UP_POLICIES)
  catchUp?: CatchUpPolicy;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CATCH_UP_LIMIT, default: DEFAULT_MAX_CATCH_UP, description: 'catchUp all: the most missed ticks one fire makes jobs for (the latest ones)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CATCH_UP_LIMIT)
  maxCatchUp?: number;

  @ApiPropertyOptional({ oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }], description: `No tick before this: ${TIME_DESCRIPTION}` })
  @IsOptional()
  @IsRunAt()
  startAt?: string | number;

  @ApiPropertyOptional({ oneOf: [{ type: 'string', format: 'date-time' }, { type: 'integer', minimum: 0 }], description: `No tick after this: ${TIME_DESCRIPTION}` })
  @IsOptional()
  @IsRunAt()
  endAt?: string | number;

  @ApiPropertyOptional({ default: false, description: 'Created (or replaced) paused' })
  @IsOptional()
  @IsBoolean()
  paused?: boolean;
}
