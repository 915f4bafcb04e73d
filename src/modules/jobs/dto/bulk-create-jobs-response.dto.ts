import { ApiProperty } from '@nestjs/swagger';

export class BulkCreateJobsResponseDto {
  @ApiProperty({ type: [String], description: 'Job ids in the order of the request (existing ids for repeated idempotency keys)' })
  ids: string[];
}
