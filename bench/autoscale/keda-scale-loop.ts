import { AutoscalerConfig } from './scaled-object';

/**
 * KEDA's own step, every pollingInterval (the scale loop of the operator,
 * pkg/scaling/executor/scale_scaledobjects.go RequestScale): it moves the target between 0 and
 * 1 (or minReplicaCount) and leaves 1 <-> N to the HPA.
 *
 * - A trigger is active while its value is above its activationThreshold (the Prometheus scaler:
 *   `value > activationThreshold`); the ScaledObject is active while any trigger is.
 * - At 0 replicas and active: scale to minReplicaCount (1 when that is 0), and note the time.
 * - Inactive, above 0 replicas and minReplicaCount 0: scale to 0 once cooldownPeriod has passed
 *   since the last active poll (at once when there never was one).
 * - Inactive below minReplicaCount: scale to minReplicaCount.
 * - Active otherwise: only note the time.
 *
 * Not modelled: idleReplicaCount, initialCooldownPeriod, fallback, paused objects.
 */
export interface KedaDecision {
  active: boolean;
  /** The replica count KEDA sets, or undefined when it leaves the target alone. */
  replicas: number | undefined;
  reason: string;
}

export class KedaScaleLoop {
  private lastActiveAt: number | undefined;

  constructor(private readonly config: AutoscalerConfig) {}

  /** Whether any trigger is active for these values (one per trigger, in order). */
  isActive(values: readonly number[]): boolean {
    return this.config.triggers.some((trigger, i) => values[i] > trigger.activationThreshold);
  }

  poll(now: number, specReplicas: number, values: readonly number[]): KedaDecision {
    const active = this.isActive(values);
    const min = this.config.minReplicaCount;
    if (specReplicas === 0 && active) {
      this.lastActiveAt = now;
      return { active, replicas: min > 0 ? min : 1, reason: 'activated: a trigger is above its activationThreshold' };
    }
    if (!active && specReplicas > 0 && min === 0) {
      if (this.lastActiveAt === undefined || this.lastActiveAt + this.config.cooldownPeriodS < now) {
        return { active, replicas: 0, reason: 'deactivated: no trigger active for cooldownPeriod' };
      }
      return { active, replicas: undefined, reason: 'cooling down' };
    }
    if (!active && specReplicas < min) return { active, replicas: min, reason: 'below minReplicaCount' };
    if (active) this.lastActiveAt = now;
    return { active, replicas: undefined, reason: active ? 'active' : 'inactive' };
  }
}
