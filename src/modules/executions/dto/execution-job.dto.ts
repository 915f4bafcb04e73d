import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { MAX_EXECUTION_JOBS } from '../../../domain/execution';
import { NAME_PATTERN } from '../../../domain/job';
import { DEFAULT_PARENT_FAILURE_POLICY, PARENT_FAILURE_POLICIES, ParentFailurePolicy } from '../../../domain/job-graph';
import { CreateJobDto, toJobSpec } from '../../jobs';
import { JobSpec } from '../../../domain/job';

const KEY_MESSAGE = '$property must match [A-Za-z0-9_.:-]{1,100}';

/** A list of job keys of one execution (dependsOn, requiredBy): optional, at most every other job, each a name. */
function IsKeyList(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_EXECUTION_JOBS - 1),
    IsString({ each: true }),
    Matches(NAME_PATTERN, { each: true, message: 'each value in $property must match [A-Za-z0-9_.:-]{1,100}' }),
  );
}

/** A job of POST /executions: a job as POST /jobs takes it, with its place in the execution's graph. */
export class ExecutionJobDto extends CreateJobDto {
  @ApiPropertyOptional({ pattern: NAME_PATTERN.source, example: 'split', description: "The job's key in this execution, unique in it: what other jobs' dependsOn name" })
  @IsOptional()
  @IsString()
  @Matches(NAME_PATTERN, { message: KEY_MESSAGE })
  key?: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_EXECUTION_JOBS - 1,
    example: ['split'],
    description:
      'Keys of jobs of this execution that must succeed before this one runs (it waits as `blocked`, holding nothing). ' +
      'No cycles; at most 100,000 edges per execution. The handler gets their results as `parents`, by key',
  })
  @IsKeyList()
  dependsOn?: string[];

  @ApiPropertyOptional({
    enum: PARENT_FAILURE_POLICIES,
    default: DEFAULT_PARENT_FAILURE_POLICY,
    description:
      "What a parent's final failure, cancel or skip does to this job: fail (it fails, naming the parent), " +
      'skip (it ends `skipped`), run (it runs once every parent has ended, with the results of those that succeeded). ' +
      'Its own children then follow their policies',
  })
  @IsOptional()
  @IsIn(PARENT_FAILURE_POLICIES)
  onParentFailure?: ParentFailurePolicy;
}

export function toExecutionJobSpec(dto: ExecutionJobDto): JobSpec {
  const spec = toJobSpec(dto);
  if (dto.key != null) spec.key = dto.key;
  if (dto.dependsOn != null) spec.dependsOn = dto.dependsOn;
  if (dto.onParentFailure != null) spec.onParentFailure = dto.onParentFailure;
  return spec;
}

/** A job added to a running execution (POST /executions/:id/jobs): an execution's job, plus the jobs that must now wait on it too. */
export class AddedExecutionJobDto extends ExecutionJobDto {
  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_EXECUTION_JOBS - 1,
    example: ['merge'],
    description:
      'Keys of jobs of the execution, still blocked, that must now also wait on this job (a `merge` waiting on the parts its `split` adds). ' +
      '409 when one no longer waits',
  })
  @IsKeyList()
  requiredBy?: string[];
}

export function toAddedJobSpec(dto: AddedExecutionJobDto): JobSpec & { requiredBy?: string[] } {
  const spec: JobSpec & { requiredBy?: string[] } = toExecutionJobSpec(dto);
  if (dto.requiredBy != null) spec.requiredBy = dto.requiredBy;
  return spec;
}
