import { Injectable, PipeTransform } from '@nestjs/common';
import { ExecutionNotFoundError, JobNotFoundError } from '../domain/errors';
import { queueOfExecutionId } from '../domain/execution';
import { queueOfJobId } from '../domain/job-id';

/**
 * `:id` of a job: an id claimq cannot have made (`<queue>-<20 base32>`) is a 404 at once, whatever
 * its bytes, so a NUL or a lone surrogate never reaches the store or PostgreSQL (which refuses
 * them with an error, not an empty result).
 */
@Injectable()
export class JobIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (queueOfJobId(id) === undefined) throw new JobNotFoundError(id);
    return id;
  }
}

/** `:id` of an execution, as JobIdPipe. */
@Injectable()
export class ExecutionIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (queueOfExecutionId(id) === undefined) throw new ExecutionNotFoundError(id);
    return id;
  }
}
