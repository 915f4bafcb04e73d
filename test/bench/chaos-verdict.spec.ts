import { judgeJobs, verdictFailures } from '../../bench/chaos-verdict';
import { JobStatus } from '../../src/domain/job';

const evidence = (entries: Array<[id: string, runs: number, completions: number, status?: JobStatus]>) => ({
  runs: new Map(entries.map(([id, runs]) => [id, runs])),
  completions: new Map(entries.map(([id, , completions]) => [id, completions])),
  finalStatus: new Map(entries.filter(([, , , status]) => status !== undefined).map(([id, , , status]) => [id, status as JobStatus])),
});

describe('chaos verdict', () => {
  it('passes jobs that ran, ended succeeded and were completed once, counting extra runs without failing them', () => {
    const verdict = judgeJobs(['a', 'b'], evidence([['a', 1, 1, 'succeeded'], ['b', 3, 1, 'succeeded']]));
    expect(verdict).toMatchObject({ jobs_acknowledged: 2, never_ran: 0, not_succeeded: 0, completion_not_recorded: 0, completed_more_than_once: 0, runs_more_than_once: 1 });
    expect(verdictFailures(verdict)).toEqual([]);
  });

  it('fails each kind of wrong job, an acknowledged job the store lost included', () => {
    const verdict = judgeJobs(
      ['ran-not', 'failed', 'lost', 'no-event', 'twice'],
      evidence([
        ['ran-not', 0, 1, 'succeeded'],
        ['failed', 2, 0, 'failed'],
        ['no-event', 1, 0, 'succeeded'],
        ['twice', 2, 2, 'succeeded'],
      ]),
    );
    expect(verdict).toMatchObject({ never_ran: 2, not_succeeded: 2, completion_not_recorded: 1, completed_more_than_once: 1, runs_more_than_once: 2 });
    expect(verdict.examples).toEqual({ never_ran: ['ran-not', 'lost'], not_succeeded: ['failed', 'lost'], completion_not_recorded: ['no-event'], completed_more_than_once: ['twice'] });
    expect(verdictFailures(verdict)).toEqual([
      'never_ran 2 of 5 acknowledged jobs (e.g. ran-not, lost)',
      'not_succeeded 2 of 5 acknowledged jobs (e.g. failed, lost)',
      'completion_not_recorded 1 of 5 acknowledged jobs (e.g. no-event)',
      'completed_more_than_once 1 of 5 acknowledged jobs (e.g. twice)',
    ]);
  });

  it('judges only acknowledged jobs: one the client got no id for may be anything', () => {
    const verdict = judgeJobs(['a'], evidence([['a', 1, 1, 'succeeded'], ['unacknowledged', 0, 0]]));
    expect(verdictFailures(verdict)).toEqual([]);
  });
});
