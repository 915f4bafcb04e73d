import { envInt } from '../bench-settings';
import { FleetMode } from './claimq-fleet';
import { TOPOLOGIES, TopologyName } from './redis-topology';

/** What bench:split reads from the environment; the defaults are the measurement the README's figures describe. */
export interface SplitSettings {
  /** BENCH_ROUNDS (3): each round runs every (N, mode) once; N = 1 and N = partitions alternate first */
  rounds: number;
  /** BENCH_PARTITIONS (6): the N compared with 1 */
  partitions: number;
  /** BENCH_TOPOLOGIES (single,cluster) */
  topologies: TopologyName[];
  /** BENCH_MODES (split,all) */
  modes: FleetMode[];
  /** BENCH_API_PROCESSES (2): MODE=api processes of the split fleet */
  apis: number;
  /** BENCH_WORKER_PROCESSES (2): MODE=worker processes of the split fleet, and MODE=all processes of the other */
  workers: number;
  /** BENCH_WORKER_CONCURRENCY (10) */
  concurrency: number;
  /** BENCH_JOB_MS (20): how long the loopback target takes to answer, and each backlog sleep job's ms */
  jobMs: number;
  /** BENCH_DRAIN_JOBS (3000), BENCH_DRAIN_BULK (100), BENCH_DRAIN_TIMEOUT_S (300) */
  drainJobs: number;
  drainBulk: number;
  drainTimeoutS: number;
  /** BENCH_PRIORITY_BACKLOG (100000): priority-0 sleep jobs waiting, topped up under 90 % */
  priorityBacklog: number;
  /** BENCH_PRIORITY_JOBS (20) priority-10 jobs, one every BENCH_PRIORITY_EVERY_MS (300) */
  priorityJobs: number;
  priorityEveryMs: number;
  /** BENCH_PRIORITY_TIMEOUT_S (60): how long after the last one is sent the bench waits for them to start */
  priorityTimeoutS: number;
  /** BENCH_PICKUP_SAMPLES (200), BENCH_PICKUP_GAP_MS (20) after a job's answer, BENCH_PICKUP_TIMEOUT_S (40) per sample, BENCH_PICKUP_MAX_S (120) in all */
  pickupSamples: number;
  pickupGapMs: number;
  pickupTimeoutS: number;
  pickupMaxS: number;
  /** BENCH_IDLE_SECONDS (30) counted, after BENCH_IDLE_SETTLE_S (3) of quiet */
  idleSeconds: number;
  idleSettleS: number;
  /** BENCH_CLAIMQ_ENV: more claimq settings, `K=V,K=V` (they win over the bench's) */
  claimqEnv: Record<string, string>;
}

/** WORKER_IDLE_WAIT_MS, set to its default explicitly: the figures are the default's. */
export const WORKER_IDLE_WAIT_MS = 5000;

function list<T extends string>(name: string, fallback: readonly T[], allowed: readonly T[]): T[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const values = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const v of values) if (!allowed.includes(v as T)) throw new Error(`${name}: "${v}" is not one of ${allowed.join(', ')}`);
  return values as T[];
}

/** `K=V,K=V` -> {K: V}; an entry without `=` stops the bench naming it. */
export function parseEnvPairs(name: string, raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',').filter((s) => s.trim() !== '')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`${name}: "${pair}" is not K=V`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return out;
}

export function splitSettings(): SplitSettings {
  return {
    rounds: envInt('BENCH_ROUNDS', 3),
    partitions: envInt('BENCH_PARTITIONS', 6, 2),
    topologies: list('BENCH_TOPOLOGIES', TOPOLOGIES, TOPOLOGIES),
    modes: list<FleetMode>('BENCH_MODES', ['split', 'all'], ['split', 'all']),
    apis: envInt('BENCH_API_PROCESSES', 2),
    workers: envInt('BENCH_WORKER_PROCESSES', 2),
    concurrency: envInt('BENCH_WORKER_CONCURRENCY', 10),
    jobMs: envInt('BENCH_JOB_MS', 20, 0),
    drainJobs: envInt('BENCH_DRAIN_JOBS', 3000),
    drainBulk: envInt('BENCH_DRAIN_BULK', 100),
    drainTimeoutS: envInt('BENCH_DRAIN_TIMEOUT_S', 300),
    priorityBacklog: envInt('BENCH_PRIORITY_BACKLOG', 100_000, 0),
    priorityJobs: envInt('BENCH_PRIORITY_JOBS', 20),
    priorityEveryMs: envInt('BENCH_PRIORITY_EVERY_MS', 300),
    priorityTimeoutS: envInt('BENCH_PRIORITY_TIMEOUT_S', 60),
    pickupSamples: envInt('BENCH_PICKUP_SAMPLES', 200),
    pickupGapMs: envInt('BENCH_PICKUP_GAP_MS', 20, 0),
    pickupTimeoutS: envInt('BENCH_PICKUP_TIMEOUT_S', 40),
    pickupMaxS: envInt('BENCH_PICKUP_MAX_S', 120),
    idleSeconds: envInt('BENCH_IDLE_SECONDS', 30),
    idleSettleS: envInt('BENCH_IDLE_SETTLE_S', 3, 0),
    claimqEnv: parseEnvPairs('BENCH_CLAIMQ_ENV', process.env.BENCH_CLAIMQ_ENV),
  };
}
