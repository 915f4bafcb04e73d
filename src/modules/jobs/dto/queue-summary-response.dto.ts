import { ApiProperty } from '@nestjs/swagger';
import { QueueCounts } from '../../../domain/job';

class QueueCountsDto implements QueueCounts {
  @ApiProperty() pending: number;
  @ApiProperty() scheduled: number;
  @ApiProperty() running: number;
  @ApiProperty() succeeded: number;
  @ApiProperty() failed: number;
  @ApiProperty() cancelled: number;
}

export class QueueSummaryResponseDto {
  @ApiProperty()
  name: string;

  @ApiProperty({ type: QueueCountsDto })
  counts: QueueCounts;
}
