import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const SYSTEMS = ['beequeue', 'bullmq', 'claimq'];
const KEYS = [
  'enqueue_jobs_s',
  'process_jobs_s',
  'redis_cmds_per_job_enqueue',
  'redis_cmds_per_job_process',
  'redis_cpu_us_per_job_process',
  'pickup_p50_ms',
  'pickup_p99_ms',
  'idle_cmds_s',
  'bytes_per_waiting_job',
];

function expectFigures(figures: Record<string, unknown>): void {
  expect(Object.keys(figures).sort()).toEqual([...KEYS].sort());
  for (const key of KEYS) expect(Number.isFinite(figures[key])).toBe(true);
}

/** Proves the comparison harness runs end to end; asserts the shape of its output, never timings. */
describe('bench:compare', () => {
  it('prints one JSON line: the medians for claimq, BullMQ and Bee-Queue, their ratio, and each round in its rotated order', async () => {
    const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', 'bench/compare.bench.ts'], {
      cwd: ROOT,
      env: { ...process.env, BENCH_N: '300', BENCH_C: '10', BENCH_ROUNDS: '2', BENCH_IDLE_S: '0.5', BENCH_PICKUP_SAMPLES: '5', BENCH_PICKUP_GAP_MS: '5' },
      timeout: 170_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const result = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual([...SYSTEMS, 'claimq_bullmq_process_ratio', 'rounds'].sort());
    for (const name of SYSTEMS) expectFigures(result[name] as Record<string, unknown>);
    expect(Number.isFinite(result.claimq_bullmq_process_ratio)).toBe(true);
    const rounds = result.rounds as Array<Record<string, unknown>>;
    expect(rounds.map((round) => round.order)).toEqual([
      ['claimq', 'claimq_retained', 'bullmq', 'beequeue'],
      ['claimq_retained', 'bullmq', 'beequeue', 'claimq'],
    ]);
    for (const round of rounds) {
      expect(Object.keys(round).sort()).toEqual([...SYSTEMS, 'order'].sort());
      for (const name of SYSTEMS) expectFigures(round[name] as Record<string, unknown>);
    }
  }, 180_000);
});
