import { median, medianFigures, ratio, roundOrder } from '../../bench/rounds';
import { SystemFigures } from '../../bench/measure-system';

const figures = (process: number, p99: number): SystemFigures => ({
  enqueue_jobs_s: 1000,
  process_jobs_s: process,
  redis_cmds_per_job_enqueue: 1.01,
  redis_cmds_per_job_process: 3.4,
  redis_cpu_us_per_job_process: 15,
  pickup_p50_ms: 1,
  pickup_p99_ms: p99,
  idle_cmds_s: 2.5,
  bytes_per_waiting_job: 280,
});

describe('bench:compare rounds', () => {
  it('rotates the order by one place per round, so each system starts one round in turn', () => {
    const names = ['claimq', 'bullmq', 'beequeue'];
    expect(roundOrder(names, 0)).toEqual(['claimq', 'bullmq', 'beequeue']);
    expect(roundOrder(names, 1)).toEqual(['bullmq', 'beequeue', 'claimq']);
    expect(roundOrder(names, 2)).toEqual(['beequeue', 'claimq', 'bullmq']);
    expect(roundOrder(names, 3)).toEqual(names);
    expect(roundOrder([], 2)).toEqual([]);
  });

  it('takes the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('reports each figure as its own median over the rounds, not one round picked whole', () => {
    const m = medianFigures([figures(30_000, 2.5), figures(36_000, 1.9), figures(33_000, 9.1)]);
    expect(m.process_jobs_s).toBe(33_000);
    expect(m.pickup_p99_ms).toBe(2.5);
    expect(m.redis_cmds_per_job_enqueue).toBe(1.01);
  });

  it('divides to two decimals, and answers NaN when a side is missing or zero', () => {
    expect(ratio(33_000, 15_000)).toBe(2.2);
    expect(ratio(undefined, 15_000)).toBeNaN();
    expect(ratio(33_000, 0)).toBeNaN();
  });
});
