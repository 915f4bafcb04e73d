import { KedaScaleLoop } from '../../bench/autoscale/keda-scale-loop';
import { RecordedCurve } from '../../bench/autoscale/recorded-curve';
import { replayOpenLoop } from '../../bench/autoscale/replay';
import { autoscalerConfig, AutoscalerConfig } from '../../bench/autoscale/scaled-object';

/** KEDA's 0 <-> 1 step (bench/autoscale/keda-scale-loop.ts) and how it hands over to the HPA in the replay. */

function config(spec: Record<string, unknown>): AutoscalerConfig {
  return autoscalerConfig(
    {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'test' },
      spec: {
        triggers: [{ type: 'prometheus', metadata: { query: 'max(claimq_queue_jobs{queue="default",state="pending"})', threshold: '100', activationThreshold: '5' } }],
        ...spec,
      },
    },
    'test');
}

describe('the KEDA scale loop', () => {
  it('activates a target at 0 replicas once a trigger is above its activationThreshold, not at it', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 0, pollingInterval: 30 }));
    expect(keda.poll(0, 0, [5])).toMatchObject({ active: false, replicas: undefined });
    expect(keda.poll(30, 0, [6])).toMatchObject({ active: true, replicas: 1 });
  });

  it('activates to minReplicaCount when that is above 0', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 0 }));
    expect(keda.poll(0, 0, [50]).replicas).toBe(1);
    const withMin = new KedaScaleLoop(config({ minReplicaCount: 3 }));
    expect(withMin.poll(0, 0, [50]).replicas).toBe(3);
  });

  it('scales to 0 only once cooldownPeriod has passed since the last active poll', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 0, pollingInterval: 30, cooldownPeriod: 300 }));
    expect(keda.poll(0, 1, [10])).toMatchObject({ active: true, replicas: undefined });
    // last active at t=0: still cooling down at t=300 (0 + 300 is not before 300), to 0 at t=330
    for (const t of [30, 60, 270, 300]) expect(keda.poll(t, 1, [0])).toMatchObject({ active: false, replicas: undefined, reason: 'cooling down' });
    expect(keda.poll(330, 1, [0])).toMatchObject({ active: false, replicas: 0 });
  });

  it('restarts the cooldown at every active poll', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 0, pollingInterval: 30, cooldownPeriod: 60 }));
    keda.poll(0, 2, [10]);
    expect(keda.poll(30, 2, [0]).replicas).toBeUndefined();
    keda.poll(60, 2, [10]);
    expect(keda.poll(90, 2, [0]).replicas).toBeUndefined();
    expect(keda.poll(120, 2, [0]).replicas).toBeUndefined();
    expect(keda.poll(150, 2, [0]).replicas).toBe(0);
  });

  it('scales an idle target that never was active to 0 at once', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 0 }));
    expect(keda.poll(0, 2, [0]).replicas).toBe(0);
  });

  it('never scales to 0 with minReplicaCount above 0, and lifts an idle target below it', () => {
    const keda = new KedaScaleLoop(config({ minReplicaCount: 2, cooldownPeriod: 0 }));
    expect(keda.poll(0, 4, [0]).replicas).toBeUndefined();
    expect(keda.poll(30, 1, [0]).replicas).toBe(2);
  });
});

describe('the replay with scale to zero', () => {
  /** pending 0 until t=40, 50 from then on: hand-checkable clocks. */
  const curve = {
    setup: { workers: 1, baseRatePerS: 0 },
    samples: Array.from({ length: 100 }, (_, i) => ({ t: i + 1, phase: 'base', submitted: 0, pending: i + 1 >= 40 ? 50 : 0, running: 0, oldestPendingAgeS: 0, claimed: 0, succeeded: 0, load1: 0 })),
  } as unknown as RecordedCurve;
  const scaleToZero = config({ minReplicaCount: 0, maxReplicaCount: 10, pollingInterval: 30, cooldownPeriod: 300 });

  it('starts at 0 when idle, and KEDA activates at its first poll after Prometheus scraped a value above the activation threshold', () => {
    const run = replayOpenLoop(curve, scaleToZero, { hpaSyncS: 15, scrapeS: 15, podStartS: 10, perReplicaJobsPerS: 10, maxS: 100 });
    // t=0: idle and never active -> 0. Scrapes at 30 (0), 45 (50): the poll at t=30 sees 0, the one at 60 sees 50.
    // The HPA then keeps 1: 50 pending against 100 per replica asks for ceil(0.5) = 1.
    expect(run.changes.map(({ t, from, to, by }) => ({ t, from, to, by }))).toEqual([
      { t: 0, from: 1, to: 0, by: 'keda' },
      { t: 60, from: 0, to: 1, by: 'keda' },
    ]);
    expect(run.points.find((p) => p.t === 70)).toMatchObject({ specReplicas: 1, readyReplicas: 1 });
    expect(run.points.find((p) => p.t === 69)).toMatchObject({ specReplicas: 1, readyReplicas: 0 });
  });
});
