import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { NAME_PATTERN } from '../../../domain/job';
import { MAX_HEARTBEAT_LEASES, MAX_HEARTBEAT_QUEUES, MAX_JOB_ID_LENGTH } from '../remote-limits';
import { RemoteWorkerInfoDto } from './remote-worker.dto';

export class LeaseDto {
  @ApiProperty({ example: 'emails-01JD3Q5Z8V7W0000000000ABCD' })
  @IsString()
  @Length(1, MAX_JOB_ID_LENGTH)
  id: string;

  @ApiProperty({ example: 7, description: 'The token of the claim that handed the job out' })
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  token: number;
}

export class HeartbeatDto {
  @ApiPropertyOptional({ type: [String], maxItems: MAX_HEARTBEAT_QUEUES, description: 'The queues the worker claims from (it stays registered in them while idle)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_HEARTBEAT_QUEUES)
  @Matches(NAME_PATTERN, { each: true, message: '$property must hold names matching [A-Za-z0-9_.:-]{1,100}' })
  queues?: string[];

  @ApiPropertyOptional({ type: [LeaseDto], maxItems: MAX_HEARTBEAT_LEASES, description: 'Every lease the worker holds now' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_HEARTBEAT_LEASES)
  @ValidateNested({ each: true })
  @Type(() => LeaseDto)
  leases?: LeaseDto[];

  @ApiPropertyOptional({ type: RemoteWorkerInfoDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => RemoteWorkerInfoDto)
  info?: RemoteWorkerInfoDto;

  @ApiPropertyOptional({
    default: false,
    description: 'The worker is leaving (its last heartbeat, after its results are settled): every lease of its queues it does not name is released now, a claim cut short included, and it leaves GET /workers',
  })
  @IsOptional()
  @IsBoolean()
  final?: boolean;
}

export class HeartbeatResponseDto {
  @ApiProperty({ type: [String], description: 'Jobs whose cancel was asked for: stop them, and settle them (a fail records the cancel)' })
  cancelled: string[];

  @ApiProperty({ type: [String], description: 'Leases no longer the worker\'s: stop the jobs and drop their results' })
  stale: string[];

  @ApiProperty({ format: 'date-time', description: 'When the renewed leases end unless renewed again' })
  leaseExpiresAt: string;
}
