import { JobStatus } from '../src/domain/job';

/** What the run left about each job, from three witnesses that do not share a fault. */
export interface JobEvidence {
  /** Calls the recording server saw per job id (each an `http` job's run, finished or cut off). */
  runs: ReadonlyMap<string, number>;
  /** `succeeded` events per job id in the queue's events stream (the store's completion records). */
  completions: ReadonlyMap<string, number>;
  /** The store's final status per job id; absent: the store does not hold the job. */
  finalStatus: ReadonlyMap<string, JobStatus>;
}

/** chaos's judgement of every job whose enqueue was acknowledged (the client got its id). */
export interface ChaosVerdict {
  jobs_acknowledged: number;
  /** the recording server never saw a call for it */
  never_ran: number;
  /** the store's final status is not succeeded (or the store lost the job) */
  not_succeeded: number;
  /** succeeded, with no completion in the events stream */
  completion_not_recorded: number;
  /** more than one completion recorded */
  completed_more_than_once: number;
  /** ran more than once (allowed: delivery is at-least-once; a killed worker's job runs again) */
  runs_more_than_once: number;
  /** a few ids of each failing kind, for the message */
  examples: Partial<Record<FailingKind, string[]>>;
}

export const FAILING_KINDS = ['never_ran', 'not_succeeded', 'completion_not_recorded', 'completed_more_than_once'] as const;
export type FailingKind = (typeof FAILING_KINDS)[number];

const EXAMPLES = 5;

/**
 * Every acknowledged job must have run at least once (the recorder saw it), have ended succeeded
 * (the store's record) and have been completed exactly once (one `succeeded` event). Runs beyond
 * the first are counted, not failed.
 */
export function judgeJobs(acknowledged: readonly string[], evidence: JobEvidence): ChaosVerdict {
  const verdict: ChaosVerdict = {
    jobs_acknowledged: acknowledged.length,
    never_ran: 0,
    not_succeeded: 0,
    completion_not_recorded: 0,
    completed_more_than_once: 0,
    runs_more_than_once: 0,
    examples: {},
  };
  const fail = (kind: FailingKind, id: string): void => {
    verdict[kind]++;
    const list = (verdict.examples[kind] ??= []);
    if (list.length < EXAMPLES) list.push(id);
  };
  for (const id of acknowledged) {
    const runs = evidence.runs.get(id) ?? 0;
    const completions = evidence.completions.get(id) ?? 0;
    const status = evidence.finalStatus.get(id);
    if (runs === 0) fail('never_ran', id);
    if (runs > 1) verdict.runs_more_than_once++;
    if (status !== 'succeeded') fail('not_succeeded', id);
    else if (completions === 0) fail('completion_not_recorded', id);
    if (completions > 1) fail('completed_more_than_once', id);
  }
  return verdict;
}

/** What fails the run, one phrase per kind found (empty: it passes). */
export function verdictFailures(verdict: ChaosVerdict): string[] {
  return FAILING_KINDS.filter((kind) => verdict[kind] > 0).map(
    (kind) => `${kind} ${verdict[kind]} of ${verdict.jobs_acknowledged} acknowledged jobs (e.g. ${verdict.examples[kind]?.join(', ')})`,
  );
}
