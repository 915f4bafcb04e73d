import { Clock } from '../../../domain/clock';
import { StoreUnavailableError } from '../../../domain/errors';
import { EnqueueResult, NewJob } from '../../../domain/job';
import { idTail, newJobId } from '../../../domain/job-id';
import { StagedResult, StagingHost } from './partition-host';
import { PartitionLayout } from './partition-layout';
import { named, placeIn } from './partition-names';

/**
 * A staged bulk (StagedBulk.write): the writer decides within STAGE_DECIDE_MS of staging, upkeep
 * settles a stage STAGE_DEADLINE_MS after it (so clocks may drift by the difference), and the
 * decision is kept STAGE_DECISION_KEEP_MS after that.
 */
export const STAGE_DECIDE_MS = 20_000;
export const STAGE_DEADLINE_MS = 30_000;
const STAGE_DECISION_KEEP_MS = 600_000;
/** Stages one upkeep pass settles per partition. */
const STAGES_PER_PASS = 100;

/**
 * One bulk of a partitioned queue whose jobs lie in several partitions, written all or nothing
 * across them in two phases (write), and the upkeep that settles a stage its writer left (settle).
 * `announce` tells the queue's workers that a partition got work (the router's board).
 */
export class StagedBulk {
  constructor(
    private readonly staging: StagingHost,
    private readonly clock: Clock,
    private readonly announce: (queue: string, index: number) => Promise<void>,
  ) {}

  /**
   * The jobs `groups` places in several partitions of `layout`, all or nothing, in two phases:
   * 1. every partition stages its jobs (stage.lua: written and keyed, not enqueued); a failure
   *    rolls back what was staged and throws: nothing is left;
   * 2. the first partition (the coordinator) commits its jobs and records the decision in the same
   *    script (unless STAGE_DECIDE_MS have passed: then everything is rolled back and it throws);
   *    from then on the bulk stands: the other partitions commit now, and one that fails to is
   *    committed by upkeep after the stage's deadline (settle), so the caller is answered with
   *    every job. A failure of the decision itself (its reply lost) leaves the stage to upkeep,
   *    which settles every partition by whether the decision is there, and throws.
   */
  async write(layout: PartitionLayout, jobs: NewJob[], groups: Map<number, number[]>, results: (EnqueueResult | undefined)[]): Promise<void> {
    const staging = this.staging;
    const queue = layout.queue;
    const indexes = [...groups.keys()];
    const coordinator = layout.names[indexes[0]];
    const stageId = `${coordinator}|${idTail(newJobId(queue, this.clock.now()))}`;
    const started = this.clock.now();
    const staged: number[] = [];
    const rollback = async (): Promise<void> => {
      // best effort: a stage left behind is rolled back by upkeep after its deadline
      await Promise.all(staged.map((index) => staging.rollbackStage(layout.names[index], stageId).catch(() => undefined)));
    };
    try {
      for (const index of indexes) {
        const stagedResults = await staging.stageJobs(
          layout.names[index],
          stageId,
          started + STAGE_DEADLINE_MS,
          groups.get(index)!.map((i) => placeIn(jobs[i], layout, index)),
        );
        staged.push(index);
        refuseInDoubt(stagedResults);
        groups.get(index)!.forEach((i, k) => (results[i] = { job: named(stagedResults[k].job), created: stagedResults[k].created }));
      }
    } catch (err) {
      await rollback();
      throw err;
    }
    const decided = await staging.commitStage(coordinator, stageId, { by: started + STAGE_DECIDE_MS, keepUntil: started + STAGE_DEADLINE_MS + STAGE_DECISION_KEEP_MS });
    if (decided === null) {
      await rollback();
      throw new StoreUnavailableError('a bulk across partitions took too long to write; nothing of it was kept');
    }
    if (decided.committed > 0) await this.announce(queue, indexes[0]);
    await Promise.all(
      indexes.slice(1).map(async (index) => {
        const done = await staging.commitStage(layout.names[index], stageId).catch(() => null);
        if (done && done.committed > 0) await this.announce(queue, index);
      }),
    );
  }

  /**
   * Stages whose writer did not come back by their deadline (it crashed, or lost its connection):
   * committed when their coordinating partition holds the decision, rolled back when it does not.
   * One read per partition per pass.
   */
  async settle(layout: PartitionLayout): Promise<void> {
    const staging = this.staging;
    await Promise.all(
      layout.names.map(async (partition, i) => {
        for (const stageId of await staging.expiredStages(partition, STAGES_PER_PASS)) {
          const coordinator = coordinatorOf(stageId) ?? partition;
          if (await staging.isCommitted(coordinator, stageId)) {
            const done = await staging.commitStage(partition, stageId);
            if (done && done.committed > 0) await this.announce(layout.queue, i);
          } else {
            await staging.rollbackStage(partition, stageId);
          }
        }
        await staging.forgetCommits(partition);
      }),
    );
  }
}

/** The coordinating partition a stage id names (`<partition>|<tail>`). */
function coordinatorOf(stageId: string): string | undefined {
  const bar = stageId.indexOf('|');
  return bar > 0 ? stageId.slice(0, bar) : undefined;
}

/**
 * A job found by its key that another bulk has staged and not yet settled may still be rolled
 * back: the caller is asked to try again (503) rather than told the job exists.
 */
export function refuseInDoubt(results: readonly StagedResult[]): void {
  if (results.some((r) => r.inDoubt)) {
    throw new StoreUnavailableError('a job with one of these idempotency keys is being written by another bulk; try again', 1);
  }
}
