import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES, JobStatus, NAME_PATTERN } from '../../../domain/job';
import { ExecutionResponseDto } from './execution-response.dto';

/** One job of an execution's graph, as GET /executions/:id/graph draws it. */
export class ExecutionGraphNodeDto {
  @ApiProperty()
  id: string;

  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, description: "The job's key; absent for a job given none (it has no children)" })
  key?: string;

  @ApiProperty()
  type: string;

  @ApiProperty({ enum: JOB_STATUSES })
  status: JobStatus;

  @ApiProperty({ type: [String], description: 'The keys of its parents; empty for a root' })
  dependsOn: string[];

  @ApiProperty()
  attempts: number;

  @ApiPropertyOptional({ description: 'The error of its last attempt, or why a parent ended it' })
  lastError?: string;
}

export class ExecutionGraphResponseDto {
  @ApiProperty({ type: ExecutionResponseDto })
  execution: ExecutionResponseDto;

  @ApiProperty({ type: [ExecutionGraphNodeDto], description: 'Every job of the execution, in the order given (at most 10,000)' })
  nodes: ExecutionGraphNodeDto[];

  @ApiProperty({ description: 'How many dependsOn edges the nodes hold' })
  edges: number;

  @ApiProperty({
    enum: ['store', 'history'],
    description: '`history`: retention removed the execution from the store; the nodes are job history\'s records of its jobs, in id order (history keeps no order of the jobs given)',
  })
  source: 'store' | 'history';
}
