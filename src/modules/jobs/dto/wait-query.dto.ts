import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_RESULT_WAIT_MS } from '../job-limits';

/** `?waitMs=`: answer once the job (or execution) has ended, or when the wait runs out. */
export class WaitQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_RESULT_WAIT_MS,
    default: 0,
    description: 'Wait up to this long for it to end (succeeded, failed, cancelled or skipped), then answer with its state at that moment: check `status`',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_RESULT_WAIT_MS)
  waitMs?: number;
}
