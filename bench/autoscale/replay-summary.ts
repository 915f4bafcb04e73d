import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envInt } from '../bench-settings';
import { RecordedCurve } from './recorded-curve';
import { DEFAULT_REPLAY_PARAMS, replayClosedLoop, ReplayParams, ReplayPoint, replayOpenLoop, ReplayRun } from './replay';
import { AutoscalerConfig, loadShippedScaledObject } from './scaled-object';

/** The committed recording. */
export const CURVE_PATH = join(__dirname, '..', 'data', 'autoscale-curve.json');
/** The figures of the committed plot (and the README's worked example), written with it. */
export const FIGURES_PATH = join(__dirname, '..', 'data', 'autoscale-figures.json');

export interface Replay {
  curve: RecordedCurve;
  config: AutoscalerConfig;
  params: ReplayParams;
  openLoop: ReplayRun;
  closedLoop: ReplayRun;
  /** The fluid model run with the recording's fixed pool, to set beside the recording. */
  fixedPool: ReplayRun;
  summary: ReplaySummary;
}

export interface ReplaySummary {
  burstStartS: number;
  burstEndS: number;
  recorded: { peakPending: number; peakOldestPendingAgeS: number; drainedAtS: number | null };
  fluidCheck: { peakPending: number; maxPendingError: number };
  openLoop: { maxReplicas: number; firstScaleUpS: number | null; maxReachedS: number | null };
  closedLoop: {
    peakPending: number;
    peakOldestPendingAgeS: number;
    maxReplicas: number;
    firstScaleUpS: number | null;
    maxReachedS: number | null;
    drainedAtS: number | null;
    firstScaleDownS: number | null;
    backToMinS: number | null;
  };
}

/** What the committed plot shows, in numbers: the settings it ran with and its summary. */
export interface CommittedFigures {
  scaledObject: AutoscalerConfig;
  params: ReplayParams;
  summary: ReplaySummary;
}

export function committedFigures(replay: Replay): CommittedFigures {
  return { scaledObject: replay.config, params: replay.params, summary: replay.summary };
}

/** Replay settings: the defaults, the recording's measured rate, and AUTOSCALE_* overrides from `env`. */
export function replayParams(curve: RecordedCurve, env: NodeJS.ProcessEnv): ReplayParams {
  return {
    hpaSyncS: envInt('AUTOSCALE_HPA_SYNC_S', DEFAULT_REPLAY_PARAMS.hpaSyncS, 1, env),
    scrapeS: envInt('AUTOSCALE_SCRAPE_S', DEFAULT_REPLAY_PARAMS.scrapeS, 1, env),
    podStartS: envInt('AUTOSCALE_POD_START_S', DEFAULT_REPLAY_PARAMS.podStartS, 0, env),
    perReplicaJobsPerS: curve.measured.perWorkerJobsPerS,
    maxS: envInt('AUTOSCALE_REPLAY_MAX_S', DEFAULT_REPLAY_PARAMS.maxS, 1, env),
  };
}

/** The replay of the curve (AUTOSCALE_CURVE, else the committed one) with the ScaledObject that ships; `env` {} for the defaults. */
export function runReplay(env: NodeJS.ProcessEnv = process.env): Replay {
  const curvePath = env.AUTOSCALE_CURVE ?? CURVE_PATH;
  const curve = JSON.parse(readFileSync(curvePath, 'utf8')) as RecordedCurve;
  const config = loadShippedScaledObject();
  const params = replayParams(curve, env);
  if (!(params.perReplicaJobsPerS > 0)) throw new Error(`${curvePath}: no per-worker throughput was measured (the workers never saturated)`);
  const openLoop = replayOpenLoop(curve, config, params);
  const closedLoop = replayClosedLoop(curve, config, params);
  const fixedPool = replayClosedLoop(curve, config, params, curve.setup.workers);
  return { curve, config, params, openLoop, closedLoop, fixedPool, summary: summarize(curve, openLoop, closedLoop, fixedPool) };
}

function summarize(curve: RecordedCurve, openLoop: ReplayRun, closedLoop: ReplayRun, fixedPool: ReplayRun): ReplaySummary {
  const burstStartS = curve.setup.baseS;
  const burstEndS = curve.setup.baseS + curve.setup.burstS;
  const recorded = curve.samples.map((s) => ({ t: s.t, pending: s.pending, oldestPendingAgeS: s.oldestPendingAgeS }));
  const errors = fixedPool.points.filter((p) => p.t > 0).map((p) => Math.abs(p.pending - (recorded.find((r) => r.t === p.t)?.pending ?? p.pending)));
  const closedMax = Math.max(...closedLoop.points.map((p) => p.specReplicas));
  const openMax = Math.max(...openLoop.points.map((p) => p.specReplicas));
  const min = closedLoop.points[0].specReplicas;
  const firstDown = closedLoop.changes.find((c) => c.t >= burstStartS && c.to < c.from);
  const lastToMin = [...closedLoop.changes].reverse().find((c) => c.to === min && c.from > min);
  return {
    burstStartS,
    burstEndS,
    recorded: {
      peakPending: Math.max(...recorded.map((r) => r.pending)),
      peakOldestPendingAgeS: round(Math.max(...recorded.map((r) => r.oldestPendingAgeS))),
      drainedAtS: drainedAt(recorded, burstStartS),
    },
    fluidCheck: { peakPending: Math.round(Math.max(...fixedPool.points.map((p) => p.pending))), maxPendingError: Math.round(Math.max(...errors)) },
    openLoop: {
      maxReplicas: openMax,
      firstScaleUpS: openLoop.changes.find((c) => c.t >= burstStartS && c.to > c.from)?.t ?? null,
      maxReachedS: openLoop.points.find((p) => p.specReplicas === openMax)?.t ?? null,
    },
    closedLoop: {
      peakPending: Math.round(Math.max(...closedLoop.points.map((p) => p.pending))),
      peakOldestPendingAgeS: round(Math.max(...closedLoop.points.map((p) => p.oldestPendingAgeS))),
      maxReplicas: closedMax,
      firstScaleUpS: closedLoop.changes.find((c) => c.t >= burstStartS && c.to > c.from)?.t ?? null,
      maxReachedS: closedLoop.points.find((p) => p.specReplicas === closedMax)?.t ?? null,
      drainedAtS: drainedAt(closedLoop.points, burstStartS),
      firstScaleDownS: firstDown?.t ?? null,
      backToMinS: lastToMin?.t ?? null,
    },
  };
}

/** The first second after the backlog built up (from `from` on) with less than one job pending. */
function drainedAt(points: ReadonlyArray<Pick<ReplayPoint, 't' | 'pending'>>, from: number): number | null {
  const peak = points.reduce((best, p) => (p.t >= from && p.pending > best.pending ? p : best), { t: from, pending: 0 });
  return points.find((p) => p.t > peak.t && p.pending < 1)?.t ?? null;
}

function round(value: number): number {
  return Number(value.toFixed(1));
}
