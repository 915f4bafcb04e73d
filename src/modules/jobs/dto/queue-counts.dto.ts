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
  @ApiProperty({ description: 'Graph jobs waiting on their parents (dependsOn)' }) blocked: number;
  @ApiProperty({ description: "Graph jobs a parent's failure skipped (onParentFailure: skip)" }) skipped: number;
}
