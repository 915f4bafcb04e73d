import { ApiProperty } from '@nestjs/swagger';
import { QueueCounts } from '../../../domain/job';
import { QueueCountsDto } from './queue-counts.dto';


class RefreshBacklogDto {
  @ApiProperty({ description: 'Executions whose status changed and waits for a refresh' })
  backlog: number;

  @ApiProperty({ description: 'Executions being refreshed now' })
  inFlight: number;
}

export class QueueSummaryResponseDto {
  @ApiProperty()
  name: string;

  @ApiProperty({ type: QueueCountsDto })
  counts: QueueCounts;

  @ApiProperty({ type: RefreshBacklogDto })
  refresh: { backlog: number; inFlight: number };
}
