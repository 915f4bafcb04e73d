import { FluidQueue } from './fluid-queue';
import { HpaController } from './hpa-controller';
import { KedaScaleLoop } from './keda-scale-loop';
import { checkedSamples, RecordedCurve } from './recorded-curve';
import { AutoscalerConfig, CurveSignal } from './scaled-object';

/**
 * The recorded curve replayed through KEDA and the HPA, second by second.
 *
 * Clocks: KEDA polls every pollingInterval, the HPA syncs every `hpaSyncS` (the
 * kube-controller-manager default, 15 s), both from t = 0 (KEDA first when they fall on the same
 * second). Both read the metrics through Prometheus, which scrapes claimq's /metrics every
 * `scrapeS` from t = 0 too: a value is the one of the last scrape, and with equal periods each
 * sync reads a scrape of its own second (the freshest case; out of step, up to `scrapeS` older).
 * Without useCachedMetrics the KEDA metrics server runs the query for each HPA sync; with it the
 * HPA gets the value KEDA polled last.
 *
 * Pods: a scale-up creates pods at once (status.replicas counts them, as AverageValue uses it)
 * that serve only `podStartS` later; a scale-down removes the pods that are not ready first, as
 * the ReplicaSet controller does.
 *
 * Two modes:
 * - open loop: the recorded pending, running and oldest age, as the fixed pool of the recording
 *   produced them, go to the controllers: what they would have asked for. The backlog does not answer;
 * - closed loop: the recorded arrivals go into a FluidQueue served by the ready replicas at the
 *   measured per-replica rate, so the backlog the controllers see is the one their replicas leave.
 *
 * After the recording ends the replay goes on (base arrivals at the recording's "after" rate in the
 * closed loop; the last recorded values in the open loop) until the replicas are back at the
 * HPA's minimum, so the scale-down shows too.
 */
export interface ReplayParams {
  hpaSyncS: number;
  scrapeS: number;
  podStartS: number;
  perReplicaJobsPerS: number;
  /** Replay at most this long, seconds. */
  maxS: number;
}

export const DEFAULT_REPLAY_PARAMS = { hpaSyncS: 15, scrapeS: 15, podStartS: 20, maxS: 1800 };

export interface ReplayPoint {
  t: number;
  pending: number;
  running: number;
  oldestPendingAgeS: number;
  specReplicas: number;
  readyReplicas: number;
}

export interface ScaleChange {
  t: number;
  from: number;
  to: number;
  by: 'keda' | 'hpa';
  reason: string;
}

export interface ReplayRun {
  points: ReplayPoint[];
  changes: ScaleChange[];
}

type Series = Record<CurveSignal, number>;

/** Pods of the target, each with the time it turns ready. */
class Pods {
  private readyAt: number[] = [];

  constructor(initial: number) {
    this.readyAt = Array.from({ length: initial }, () => 0);
  }

  get count(): number {
    return this.readyAt.length;
  }

  ready(t: number): number {
    return this.readyAt.filter((at) => at <= t).length;
  }

  scaleTo(t: number, replicas: number, podStartS: number): void {
    while (this.readyAt.length < replicas) this.readyAt.push(t + podStartS);
    // not-ready pods (latest readyAt) go first
    this.readyAt.sort((a, b) => a - b);
    this.readyAt.length = Math.min(this.readyAt.length, replicas);
  }
}

/** KEDA, the HPA and the pods of one replay, driven one second at a time. */
class ControlLoop {
  readonly changes: ScaleChange[] = [];
  private readonly keda: KedaScaleLoop;
  private readonly hpa: HpaController;
  readonly pods: Pods;
  private spec: number;
  private kedaValues: number[] = [];

  constructor(
    private readonly config: AutoscalerConfig,
    private readonly params: ReplayParams,
    initialReplicas: number,
  ) {
    this.keda = new KedaScaleLoop(config);
    this.hpa = new HpaController(config);
    this.pods = new Pods(initialReplicas);
    this.spec = initialReplicas;
  }

  get specReplicas(): number {
    return this.spec;
  }

  /** The controllers' turn at second t, reading the series as Prometheus last scraped them. */
  tick(t: number, scraped: Series): void {
    const fresh = this.config.triggers.map((trigger) => valueOf(scraped, trigger.signals));
    if (t % this.config.pollingIntervalS === 0) {
      this.kedaValues = fresh;
      const decision = this.keda.poll(t, this.spec, fresh);
      if (decision.replicas !== undefined && decision.replicas !== this.spec) this.scale(t, decision.replicas, 'keda', decision.reason);
    }
    if (t % this.params.hpaSyncS === 0) {
      const metrics = this.config.triggers.map((trigger, i) => (trigger.useCachedMetrics ? (this.kedaValues[i] ?? fresh[i]) : fresh[i]));
      const decision = this.hpa.reconcile(t, { specReplicas: this.spec, statusReplicas: this.pods.count, readyReplicas: this.pods.ready(t), metrics });
      if (decision.rescale) this.scale(t, decision.replicas, 'hpa', `${decision.reason} (proposals ${decision.proposals.join(', ') || '-'})`);
    }
  }

  private scale(t: number, to: number, by: 'keda' | 'hpa', reason: string): void {
    this.changes.push({ t, from: this.spec, to, by, reason });
    this.spec = to;
    this.pods.scaleTo(t, to, this.params.podStartS);
  }
}

function valueOf(series: Series, signals: readonly CurveSignal[]): number {
  return signals.reduce((total, signal) => total + series[signal], 0);
}

/** The value Prometheus holds at t: the last scrape's, scrapes at 0, scrapeS, 2 x scrapeS... */
function lastScrape(history: readonly Series[], t: number, scrapeS: number): Series {
  return history[Math.floor(t / scrapeS) * scrapeS];
}

function settled(loop: ControlLoop, config: AutoscalerConfig, t: number, recordedUntil: number): boolean {
  return t > recordedUntil && loop.specReplicas === config.hpaMinReplicas && loop.pods.ready(t) === loop.specReplicas;
}

/** Mode (a): the recorded backlog, as it was, through the controllers. */
export function replayOpenLoop(curve: RecordedCurve, config: AutoscalerConfig, params: ReplayParams): ReplayRun {
  const samples = checkedSamples(curve);
  const history: Series[] = [{ pending: 0, running: 0, oldestPendingAgeS: 0 }];
  for (const s of samples) history[s.t] = { pending: s.pending, running: s.running, oldestPendingAgeS: s.oldestPendingAgeS };
  const end = samples[samples.length - 1].t;
  for (let t = 1; t <= end; t++) history[t] ??= history[t - 1];
  const loop = new ControlLoop(config, params, config.hpaMinReplicas);
  const points: ReplayPoint[] = [];
  for (let t = 0; t <= params.maxS; t++) {
    history[t] ??= history[t - 1];
    loop.tick(t, lastScrape(history, t, params.scrapeS));
    points.push({ t, ...history[t], specReplicas: loop.specReplicas, readyReplicas: loop.pods.ready(t) });
    if (settled(loop, config, t, end)) break;
  }
  return { points, changes: loop.changes };
}

/**
 * Mode (b): the recorded arrivals into a FluidQueue whose servers are the replicas the controllers
 * set. `fixedReplicas` holds the count instead (no controller): the recording's own pool, to
 * check the fluid model against what the real processes did.
 */
export function replayClosedLoop(curve: RecordedCurve, config: AutoscalerConfig, params: ReplayParams, fixedReplicas?: number): ReplayRun {
  const samples = checkedSamples(curve);
  const arrivals: number[] = [0];
  for (const s of samples) arrivals[s.t] = s.submitted;
  const end = samples[samples.length - 1].t;
  for (let t = 1; t <= end; t++) arrivals[t] ??= 0;
  const after = samples.filter((s) => s.phase === 'after');
  const baseRate = after.length === 0 ? curve.setup.baseRatePerS : after.reduce((total, s) => total + s.submitted, 0) / after.length;

  const queue = new FluidQueue(params.perReplicaJobsPerS, curve.setup.jobMs / 1000);
  const loop = new ControlLoop(config, params, fixedReplicas ?? config.hpaMinReplicas);
  const history: Series[] = [];
  const points: ReplayPoint[] = [];
  for (let t = 0; t <= params.maxS; t++) {
    if (t > 0) queue.step(arrivals[t] ?? baseRate, loop.pods.ready(t - 1));
    history[t] = { pending: queue.backlog, running: queue.running(), oldestPendingAgeS: queue.oldestPendingAgeS() };
    if (fixedReplicas === undefined) loop.tick(t, lastScrape(history, t, params.scrapeS));
    points.push({ t, ...history[t], specReplicas: loop.specReplicas, readyReplicas: loop.pods.ready(t) });
    if (fixedReplicas === undefined ? settled(loop, config, t, end) : t >= end) break;
  }
  return { points, changes: loop.changes };
}
