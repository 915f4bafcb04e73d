import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../jobs';

/** GET /audit: a page size and the cursor of the page before (an entry id). */
export class AuditQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LIST_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,15}$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;
}
