import { AutoscalerConfig, DEFAULT_DOWNSCALE_STABILIZATION_S, DEFAULT_TOLERANCE, MetricTrigger, ScalingRules } from './scaled-object';

/**
 * The Kubernetes HPA controller's decision for the HPA that KEDA creates from a ScaledObject (one
 * External metric per trigger), written after the controller's source
 * (pkg/controller/podautoscaler/horizontal.go and replica_calculator.go) and the "Algorithm
 * details" and "Configurable scaling behavior" sections of the HPA documentation:
 *
 * - per metric, AverageValue (KEDA's default): usageRatio = value / (target x statusReplicas);
 *   inside the tolerance the proposal is statusReplicas, else ceil(value / target).
 *   Value: usageRatio = value / target; inside the tolerance the proposal is specReplicas, else
 *   ceil(usageRatio x ready pods). Values and targets are milli-quantities, as KEDA hands them over;
 * - the largest proposal wins (metrics that fail are not modelled);
 * - replicas outside [minReplicas, maxReplicas] are first brought back inside, without the rest;
 * - with a behavior: the stabilization windows (the lowest recommendation of the scale-up window,
 *   the highest of the scale-down window, the current count kept between them), then the
 *   policies, which bound the change against the replica count at the start of each policy's
 *   period (the scale events of that period taken back out); without one, the older path: the
 *   highest recommendation of the last 300 s, and at most max(2 x current, 4).
 *
 * Times are seconds on the replay's clock. Pod readiness (the CPU-only "not yet ready" rules) does
 * not enter External metrics and is not modelled.
 */

interface TimedRecommendation {
  replicas: number;
  at: number;
}

interface ScaleEvent {
  change: number;
  at: number;
  outdated: boolean;
}

export interface HpaInput {
  /** scale.spec.replicas: what the HPA (or KEDA) last asked for. */
  specReplicas: number;
  /** scale.status.replicas: pods that exist, ready or not. */
  statusReplicas: number;
  /** Running and Ready pods (Value metrics multiply by them). */
  readyReplicas: number;
  /** One value per trigger, in the ScaledObject's order. */
  metrics: readonly number[];
}

export interface HpaDecision {
  /** The replica count the HPA sets (the current one when it does not scale). */
  replicas: number;
  rescale: boolean;
  /** Each metric's proposal (empty when the metrics were not consulted). */
  proposals: number[];
  reason: string;
}

/** Inside the tolerance band around 1: no change (replica_calculator.go Tolerances.isWithin). */
export function isWithinTolerance(usageRatio: number, up: number, down: number): boolean {
  return 1 - down <= usageRatio && usageRatio <= 1 + up;
}

/** A float as the milli-quantity KEDA builds (int64(value * 1000): truncated). */
function milli(value: number): number {
  return Math.trunc(value * 1000);
}

/** One External metric's proposal (GetExternalPerPodMetricReplicas, GetExternalMetricReplicas). */
export function metricProposal(trigger: MetricTrigger, value: number, input: Omit<HpaInput, 'metrics'>, tolerance: { up: number; down: number }): number {
  const usage = milli(value);
  const target = milli(trigger.threshold);
  if (trigger.metricType === 'AverageValue') {
    const usageRatio = usage / (target * input.statusReplicas);
    if (isWithinTolerance(usageRatio, tolerance.up, tolerance.down)) return input.statusReplicas;
    return Math.ceil(usage / target);
  }
  const usageRatio = usage / target;
  if (input.specReplicas === 0) return Math.ceil(usageRatio);
  if (isWithinTolerance(usageRatio, tolerance.up, tolerance.down)) return input.specReplicas;
  return Math.ceil(usageRatio * input.readyReplicas);
}

export class HpaController {
  private recommendations: TimedRecommendation[] = [];
  private upEvents: ScaleEvent[] = [];
  private downEvents: ScaleEvent[] = [];

  constructor(private readonly config: AutoscalerConfig) {}

  /** One sync (reconcileAutoscaler): the replica count the HPA sets now. */
  reconcile(now: number, input: HpaInput): HpaDecision {
    const current = input.specReplicas;
    if (this.recommendations.length === 0) this.recommendations.push({ replicas: current, at: now });
    const min = this.config.hpaMinReplicas;
    const max = this.config.maxReplicaCount;
    let desired: number;
    let proposals: number[] = [];
    let reason: string;
    if (current === 0 && min !== 0) {
      return { replicas: 0, rescale: false, proposals, reason: 'scaling is disabled since the replica count of the target is zero' };
    } else if (current > max) {
      desired = max;
      reason = 'current number of replicas above maxReplicas';
    } else if (current < min) {
      desired = min;
      reason = 'current number of replicas below minReplicas';
    } else {
      const behavior = this.config.behavior;
      const tolerance = { up: behavior?.scaleUp.tolerance ?? DEFAULT_TOLERANCE, down: behavior?.scaleDown.tolerance ?? DEFAULT_TOLERANCE };
      proposals = this.config.triggers.map((trigger, i) => metricProposal(trigger, input.metrics[i], input, tolerance));
      const metricDesired = Math.max(0, ...proposals);
      desired = behavior ? this.normalizeWithBehavior(now, current, metricDesired) : this.normalizeLegacy(now, current, metricDesired);
      reason = desired > current ? 'metric above target' : desired < current ? 'all metrics below target' : 'within range';
    }
    const rescale = desired !== current;
    if (rescale) this.storeScaleEvent(now, current, desired);
    return { replicas: rescale ? desired : current, rescale, proposals, reason };
  }

  /** normalizeDesiredReplicas: the highest recommendation of the downscale window, then at most max(2 x current, 4). */
  private normalizeLegacy(now: number, current: number, desired: number): number {
    const cutoff = now - DEFAULT_DOWNSCALE_STABILIZATION_S;
    let stabilized = desired;
    let oldIndex = -1;
    this.recommendations.forEach((rec, i) => {
      if (rec.at < cutoff) oldIndex = i;
      else if (rec.replicas > stabilized) stabilized = rec.replicas;
    });
    this.record(oldIndex, { replicas: desired, at: now });
    const scaleUpLimit = Math.max(2 * current, 4);
    const maxAllowed = Math.min(this.config.maxReplicaCount, scaleUpLimit);
    if (stabilized < this.config.hpaMinReplicas) return this.config.hpaMinReplicas;
    return Math.min(stabilized, maxAllowed);
  }

  /** normalizeDesiredReplicasWithBehaviors: stabilization, then the policies' rate limits. */
  private normalizeWithBehavior(now: number, current: number, desired: number): number {
    const { scaleUp, scaleDown } = this.config.behavior!;
    const upCutoff = now - scaleUp.stabilizationWindowSeconds;
    const downCutoff = now - scaleDown.stabilizationWindowSeconds;
    let upRecommendation = desired;
    let downRecommendation = desired;
    let oldIndex = -1;
    this.recommendations.forEach((rec, i) => {
      if (rec.at > upCutoff) upRecommendation = Math.min(rec.replicas, upRecommendation);
      if (rec.at > downCutoff) downRecommendation = Math.max(rec.replicas, downRecommendation);
      if (rec.at < upCutoff && rec.at < downCutoff) oldIndex = i;
    });
    let stabilized = current;
    if (stabilized < upRecommendation) stabilized = upRecommendation;
    if (stabilized > downRecommendation) stabilized = downRecommendation;
    this.record(oldIndex, { replicas: desired, at: now });

    if (stabilized > current) {
      const limit = Math.max(this.scaleUpLimit(now, current, scaleUp), current);
      return Math.min(stabilized, Math.min(this.config.maxReplicaCount, limit));
    }
    if (stabilized < current) {
      const limit = Math.min(this.scaleDownLimit(now, current, scaleDown), current);
      return Math.max(stabilized, Math.max(this.config.hpaMinReplicas, limit));
    }
    return stabilized;
  }

  /** calculateScaleUpLimitWithScalingRules. */
  private scaleUpLimit(now: number, current: number, rules: ScalingRules): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.min : Math.max;
    let result = rules.selectPolicy === 'Min' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    for (const policy of rules.policies) {
      const periodStart = current - changeInPeriod(now, policy.periodSeconds, this.upEvents) + changeInPeriod(now, policy.periodSeconds, this.downEvents);
      const proposed = policy.type === 'Pods' ? periodStart + policy.value : Math.ceil(periodStart * (1 + policy.value / 100));
      result = pick(result, proposed);
    }
    return result;
  }

  /** calculateScaleDownLimitWithBehaviors. */
  private scaleDownLimit(now: number, current: number, rules: ScalingRules): number {
    if (rules.selectPolicy === 'Disabled') return current;
    const pick = rules.selectPolicy === 'Min' ? Math.max : Math.min;
    let result = rules.selectPolicy === 'Min' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    for (const policy of rules.policies) {
      const periodStart = current - changeInPeriod(now, policy.periodSeconds, this.upEvents) + changeInPeriod(now, policy.periodSeconds, this.downEvents);
      const proposed = policy.type === 'Pods' ? periodStart - policy.value : Math.trunc(periodStart * (1 - policy.value / 100));
      result = pick(result, proposed);
    }
    return result;
  }

  /** storeScaleEvent: only a behavior's policies read the events, so none are kept without one. */
  private storeScaleEvent(now: number, previous: number, next: number): void {
    const behavior = this.config.behavior;
    if (!behavior) return;
    const up = next > previous;
    const events = up ? this.upEvents : this.downEvents;
    const longest = Math.max(0, ...(up ? behavior.scaleUp : behavior.scaleDown).policies.map((p) => p.periodSeconds));
    let outdatedIndex = -1;
    events.forEach((event, i) => {
      if (event.at < now - longest) event.outdated = true;
      if (event.outdated) outdatedIndex = i;
    });
    const event = { change: Math.abs(next - previous), at: now, outdated: false };
    if (outdatedIndex >= 0) events[outdatedIndex] = event;
    else events.push(event);
  }

  /** Keeps the recommendation, in place of an obsolete one when there is one (as the controller does). */
  private record(oldIndex: number, rec: TimedRecommendation): void {
    if (oldIndex >= 0) this.recommendations[oldIndex] = rec;
    else this.recommendations.push(rec);
  }
}

/** getReplicasChangePerPeriod: the replicas the events inside the last `periodSeconds` added (or removed). */
function changeInPeriod(now: number, periodSeconds: number, events: readonly ScaleEvent[]): number {
  const cutoff = now - periodSeconds;
  return events.filter((e) => e.at > cutoff).reduce((total, e) => total + e.change, 0);
}
