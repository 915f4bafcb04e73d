import { ApiProperty } from '@nestjs/swagger';
import { JobHistoryResponseDto } from './job-history-response.dto';

/** A page of `GET /jobs?from=&to=`: jobs from history, newest first. */
export class JobHistoryPageResponseDto {
  @ApiProperty({ type: [JobHistoryResponseDto] })
  items: JobHistoryResponseDto[];

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` (with the same filters) for the next page; null on the last page' })
  nextCursor: string | null;
}
