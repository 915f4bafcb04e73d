import { ApiProperty } from '@nestjs/swagger';
import { QueueCounts } from '../../../domain/job';

/** Jobs per status: a queue's, or an execution's. */
export class QueueCountsDto implements QueueCounts {
  @ApiProperty() pending: number;
  @ApiProperty() scheduled: number;
  @ApiProperty() running: number;
  @ApiProperty() succeeded: number;
  @ApiProperty() failed: number;
  @ApiProperty() cancelled: number;
}
