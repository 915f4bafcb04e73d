import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { MAX_GROUPS_PAGE } from '../../../domain/fairness';
import { DEFAULT_GROUPS_PAGE, MAX_CURSOR_LENGTH } from '../job-limits';

export class ListGroupsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_GROUPS_PAGE, default: DEFAULT_GROUPS_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_GROUPS_PAGE)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @Length(1, MAX_CURSOR_LENGTH)
  cursor?: string;
}
