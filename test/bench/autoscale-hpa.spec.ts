import { HpaController, metricProposal } from '../../bench/autoscale/hpa-controller';
import { autoscalerConfig, AutoscalerConfig } from '../../bench/autoscale/scaled-object';

/**
 * The HPA decisions the worked autoscaling example replays, against values worked out by hand
 * from the HPA documentation's algorithm and the controller's rules (bench/autoscale/hpa-controller.ts).
 */

const PENDING = 'max(claimq_queue_jobs{queue="default",state="pending"})';
const AGE = 'max(claimq_queue_oldest_pending_age_seconds{queue="default"})';

interface Options {
  min?: number;
  max?: number;
  behavior?: Record<string, unknown>;
  triggers?: Array<{ query: string; threshold: number; metricType?: string }>;
}

function config(options: Options = {}): AutoscalerConfig {
  const spec: Record<string, unknown> = {
    minReplicaCount: options.min ?? 1,
    maxReplicaCount: options.max ?? 20,
    triggers: (options.triggers ?? [{ query: PENDING, threshold: 100 }]).map((t) => ({
      type: 'prometheus',
      ...(t.metricType ? { metricType: t.metricType } : {}),
      metadata: { query: t.query, threshold: String(t.threshold) },
    })),
  };
  if (options.behavior) spec.advanced = { horizontalPodAutoscalerConfig: { behavior: options.behavior } };
  return autoscalerConfig({ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'test' }, spec }, 'test');
}

/** Runs syncs at the given times with the given metric values; the pods follow the HPA at once. */
function syncs(hpa: HpaController, start: number, steps: Array<{ t: number; metrics: number[] }>): number[] {
  let replicas = start;
  return steps.map(({ t, metrics }) => {
    replicas = hpa.reconcile(t, { specReplicas: replicas, statusReplicas: replicas, readyReplicas: replicas, metrics }).replicas;
    return replicas;
  });
}

const FAST_UP = { scaleUp: { policies: [{ type: 'Pods', value: 100, periodSeconds: 15 }] } };

describe('the HPA replica calculation for an AverageValue External metric', () => {
  const trigger = config().triggers[0];
  const input = (replicas: number) => ({ specReplicas: replicas, statusReplicas: replicas, readyReplicas: replicas });
  const tolerance = { up: 0.1, down: 0.1 };

  it('keeps the replica count while value / (target x replicas) is within the 0.1 tolerance of 1', () => {
    // 4 replicas, 100 per replica: 430 is a ratio of 1.075, 370 of 0.925
    expect(metricProposal(trigger, 430, input(4), tolerance)).toBe(4);
    expect(metricProposal(trigger, 370, input(4), tolerance)).toBe(4);
    expect(metricProposal(trigger, 440, input(4), tolerance)).toBe(4); // exactly 1.1 is still inside
  });

  it('asks for ceil(value / target) once the ratio leaves the tolerance', () => {
    expect(metricProposal(trigger, 450, input(4), tolerance)).toBe(5); // 1.125
    expect(metricProposal(trigger, 290, input(4), tolerance)).toBe(3); // 0.725
    expect(metricProposal(trigger, 0, input(4), tolerance)).toBe(0);
    expect(metricProposal(trigger, 9000, input(2), tolerance)).toBe(90);
  });

  it('multiplies a Value metric by the ready pods instead', () => {
    const value = config({ triggers: [{ query: AGE, threshold: 30, metricType: 'Value' }] }).triggers[0];
    // 60 s against 30: ratio 2, 3 ready pods of 4 -> 6
    expect(metricProposal(value, 60, { specReplicas: 4, statusReplicas: 4, readyReplicas: 3 }, tolerance)).toBe(6);
    expect(metricProposal(value, 32, { specReplicas: 4, statusReplicas: 4, readyReplicas: 3 }, tolerance)).toBe(4);
  });
});

describe('the HPA controller', () => {
  it('scales to the largest of the metrics proposals', () => {
    const hpa = new HpaController(config({ behavior: FAST_UP, triggers: [{ query: PENDING, threshold: 100 }, { query: AGE, threshold: 10 }] }));
    // 2 replicas: pending 250 -> ceil(2.5) = 3; age 62 s -> ceil(6.2) = 7
    const decision = hpa.reconcile(0, { specReplicas: 2, statusReplicas: 2, readyReplicas: 2, metrics: [250, 62] });
    expect(decision.proposals).toEqual([3, 7]);
    expect(decision.replicas).toBe(7);
  });

  it('holds a scale-down until the highest recommendation of the stabilization window is the low one', () => {
    const hpa = new HpaController(config({ behavior: { ...FAST_UP, scaleDown: { stabilizationWindowSeconds: 60 } } }));
    // t=0: 500 pending -> 5. From t=15 on 100 pending -> 1, but 5 (recorded at t=0) stays in the
    // window (t - 60, t] until t=60, when only the 1s of t=15..45 are left in it.
    const replicas = syncs(hpa, 1, [0, 15, 30, 45, 60].map((t) => ({ t, metrics: [t === 0 ? 500 : 100] })));
    expect(replicas).toEqual([5, 5, 5, 5, 1]);
  });

  it('scales down only after 300 s with the default scale-down window', () => {
    const hpa = new HpaController(config({ behavior: FAST_UP }));
    const times = [0, 15, 285, 300, 315];
    expect(syncs(hpa, 1, times.map((t) => ({ t, metrics: [t === 0 ? 500 : 0] })))).toEqual([5, 5, 5, 1, 1]);
  });

  it('adds at most the larger of 4 pods and 100% per 15 s with the default scale-up policies', () => {
    const hpa = new HpaController(config({ behavior: { scaleDown: { stabilizationWindowSeconds: 300 } } }));
    // from 1: max(1 + 4, 2 x 1) = 5; from 5: max(9, 10) = 10; from 10: max(14, 20) = 20 = maxReplicaCount
    expect(syncs(hpa, 1, [0, 15, 30, 45].map((t) => ({ t, metrics: [5000] })))).toEqual([5, 10, 20, 20]);
  });

  it('counts the replicas added within a policy period against it', () => {
    const hpa = new HpaController(config({ behavior: { scaleUp: { policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] } } }));
    // +2 at t=0; until t=60 the period starts at 1 replica, so 3 is the limit; at t=60 the event is out of (0, 60]
    expect(syncs(hpa, 1, [0, 15, 30, 45, 60].map((t) => ({ t, metrics: [5000] })))).toEqual([3, 3, 3, 3, 5]);
  });

  it('removes at most the policy share per period on the way down', () => {
    const hpa = new HpaController(config({ behavior: { ...FAST_UP, scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: 'Percent', value: 50, periodSeconds: 60 }] } } }));
    // 16 -> trunc(16 x 0.5) = 8 at t=0; held at 8 while the -8 is in the period; then 4, 2, 1
    const replicas = syncs(hpa, 16, [0, 15, 60, 75, 120, 180].map((t) => ({ t, metrics: [0] })));
    expect(replicas).toEqual([8, 8, 4, 4, 2, 1]);
  });

  it('without a behavior, at most doubles (4 at least) and takes the highest recommendation of the last 300 s, either way', () => {
    const hpa = new HpaController(config());
    // 50 asked for each time: 1 -> max(2, 4) = 4 -> 8 -> 16
    expect(syncs(hpa, 1, [0, 15, 30].map((t) => ({ t, metrics: [5000] })))).toEqual([4, 8, 16]);
    // then nothing pending: the 50 of t=30 is the highest recommendation until t=330 (maxReplicas 20
    // caps it), after which only the 0s are left and minReplicas holds
    expect(syncs(hpa, 16, [45, 330, 345].map((t) => ({ t, metrics: [0] })))).toEqual([20, 20, 1]);
  });

  it('brings the count inside [minReplicas, maxReplicas] before looking at the metrics', () => {
    const hpa = new HpaController(config({ min: 2, max: 5 }));
    expect(hpa.reconcile(0, { specReplicas: 9, statusReplicas: 9, readyReplicas: 9, metrics: [5000] })).toMatchObject({ replicas: 5, proposals: [] });
    expect(hpa.reconcile(15, { specReplicas: 1, statusReplicas: 1, readyReplicas: 1, metrics: [0] })).toMatchObject({ replicas: 2, proposals: [] });
  });

  it('leaves a target at 0 replicas alone: the step from 0 is KEDA`s', () => {
    const hpa = new HpaController(config({ min: 0 }));
    expect(hpa.reconcile(0, { specReplicas: 0, statusReplicas: 0, readyReplicas: 0, metrics: [5000] })).toMatchObject({ replicas: 0, rescale: false });
  });
});
