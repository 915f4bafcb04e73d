import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { DEFAULT_QUEUE, NAME_PATTERN } from '../../../domain/job';
import { PageQueryDto } from '../../jobs';

/** `GET /executions`: one queue's executions still in the store, paged. */
export class ListExecutionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, default: DEFAULT_QUEUE, description: 'One of QUEUES (400 otherwise)' })
  @IsOptional()
  @Matches(NAME_PATTERN, { message: '$property must match [A-Za-z0-9_.:-]{1,100}' })
  queue?: string;
}
