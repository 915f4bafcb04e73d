import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_CANCELS_WAIT_MS } from '../remote-limits';

/** `GET /workers/:workerId/cancels`: how long to wait for a cancel. */
export class CancelsQueryDto {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_CANCELS_WAIT_MS, default: 0, description: 'With no cancel to tell, how long to wait for one (a long poll) before answering with none' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_CANCELS_WAIT_MS)
  waitMs?: number;
}

export class CancelledLeaseDto {
  @ApiProperty({ example: 'emails-01JD3Q5Z8V7W0000000000ABCD' })
  id: string;

  @ApiProperty({ example: 7, description: 'The token of the lease the job ran under when the cancel was asked: stop the job if it is the one you hold' })
  token: number;
}

export class CancelsResponseDto {
  @ApiProperty({
    type: [CancelledLeaseDto],
    description: "Jobs of this worker a cancel was asked of, not told before by this API process: stop each whose lease you hold with that token, and settle it with a fail (it records cancelled)",
  })
  cancelled: CancelledLeaseDto[];
}
