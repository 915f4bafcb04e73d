import { Injectable } from '@nestjs/common';
import { ExecutionsService, JobHandler, type JobContext } from 'claimq';

/**
 * A batch that splits itself at run time (README, Job graphs). POST /executions with
 *   { "key": "split", "type": "batch.split", "payload": { "parts": 3 } }
 *   { "key": "merge", "type": "batch.merge", "dependsOn": ["split"] }
 * `split` adds one `batch.part` job per part to its own execution, each one `merge` now waits on
 * too; `merge` runs once every part succeeded, with their results by key in ctx.parents.
 */
@Injectable()
export class BatchJobs {
  constructor(private readonly executions: ExecutionsService) {}

  @JobHandler('batch.split')
  async split(ctx: JobContext<{ parts: number }>): Promise<{ parts: number }> {
    const parts = Array.from({ length: ctx.payload.parts }, (_, i) => ({
      type: 'batch.part',
      key: `part-${i}`,
      payload: { part: i },
      dependsOn: ['split'],
      requiredBy: ['merge'],
    }));
    await this.executions.addJobs(ctx.job.executionId!, parts);
    return { parts: parts.length };
  }

  @JobHandler('batch.part')
  part(ctx: JobContext<{ part: number }>): { rows: number } {
    return { rows: (ctx.payload.part + 1) * 10 };
  }

  @JobHandler('batch.merge')
  merge(ctx: JobContext): { parts: number; rows: number } {
    const parts = Object.entries(ctx.parents).filter(([key]) => key.startsWith('part-'));
    return { parts: parts.length, rows: parts.reduce((n, [, result]) => n + (result as { rows: number }).rows, 0) };
  }
}
