import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_GROUPS_PAGE } from '../../../domain/fairness';
import { DEFAULT_GROUPS_PAGE } from '../job-limits';
import { PageQueryDto } from './page-query.dto';

/** GET /queues/:name/groups: the listings' cursor, and a page size of its own (groups are bigger rows). */
export class ListGroupsQueryDto extends PickType(PageQueryDto, ['cursor'] as const) {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_GROUPS_PAGE, default: DEFAULT_GROUPS_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_GROUPS_PAGE)
  limit?: number;
}
