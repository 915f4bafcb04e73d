import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { PageQueryDto } from '../../jobs';

/** GET /audit: the listings' paging, whose cursor here is an entry id. */
export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,15}$/, { message: 'cursor must be the nextCursor of a previous page' })
  declare cursor?: string;
}
