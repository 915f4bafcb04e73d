import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { NAME_PATTERN } from '../../../domain/job';
import { MAX_REMOTE_CONCURRENCY } from '../remote-limits';

/** What a remote worker says about itself (GET /workers shows it). */
export class RemoteWorkerInfoDto {
  @ApiPropertyOptional({ maxLength: 100, example: 'box-1', description: 'The host it runs on' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  host?: string;

  @ApiPropertyOptional({ minimum: 0, example: 4242, description: 'Its process id' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2 ** 31 - 1)
  pid?: number;

  @ApiPropertyOptional({ maxLength: 100, example: 'go', description: 'The language it is written in' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  language?: string;

  @ApiPropertyOptional({ maxLength: 100, example: '1.2.0', description: 'Its own version' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  version?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_REMOTE_CONCURRENCY, example: 50, description: 'Its slots: jobs it runs at once' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_REMOTE_CONCURRENCY)
  concurrency?: number;
}

export class RemoteWorkerDto extends RemoteWorkerInfoDto {
  @ApiProperty({ pattern: NAME_PATTERN.source, example: 'box-1-4242-7f3a9c01', description: 'Unique per worker process; its leases carry it' })
  @IsString()
  @Matches(NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' })
  id: string;
}
