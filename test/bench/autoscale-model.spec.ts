import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FluidQueue } from '../../bench/autoscale/fluid-queue';
import { RecordedCurve } from '../../bench/autoscale/recorded-curve';
import { replayClosedLoop } from '../../bench/autoscale/replay';
import { autoscalerConfig, loadShippedScaledObject } from '../../bench/autoscale/scaled-object';

/** The replay's inputs and its queue model: where the ScaledObject's numbers come from, and the fluid FIFO. */

const SHIPPED = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: claimq-worker
---
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: claimq-worker
spec:
  scaleTargetRef:
    name: claimq-worker
  maxReplicaCount: 12
  advanced:
    horizontalPodAutoscalerConfig:
      behavior:
        scaleDown:
          stabilizationWindowSeconds: 120
  triggers:
    - type: prometheus
      name: backlog
      metadata:
        query: max(claimq_queue_jobs{queue="default",state="pending"}) + max(claimq_queue_jobs{queue="default",state="running"})
        threshold: "250"
    - type: prometheus
      metricType: Value
      useCachedMetrics: true
      metadata:
        query: max(claimq_queue_oldest_pending_age_seconds{queue="default"})
        threshold: "60"
        activationThreshold: "10"
`;

describe('the ScaledObject the replay runs on', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'claimq-autoscale-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is read from the ScaledObject under deploy/kubernetes/, with KEDA and HPA defaults for what it leaves out', () => {
    mkdirSync(join(dir, 'keda'));
    writeFileSync(join(dir, 'keda', 'worker.yaml'), SHIPPED);
    const config = loadShippedScaledObject(dir);
    expect(config).toMatchObject({ source: expect.stringContaining('worker.yaml'), name: 'claimq-worker', pollingIntervalS: 30, cooldownPeriodS: 300, minReplicaCount: 0, maxReplicaCount: 12, hpaMinReplicas: 1 });
    expect(config.behavior?.scaleDown).toEqual({ stabilizationWindowSeconds: 120, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }], tolerance: 0.1 });
    expect(config.behavior?.scaleUp.policies).toEqual([{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }]);
    expect(config.triggers).toEqual([
      { name: 'backlog', query: 'max(claimq_queue_jobs{queue="default",state="pending"}) + max(claimq_queue_jobs{queue="default",state="running"})', signals: ['pending', 'running'], metricType: 'AverageValue', threshold: 250, activationThreshold: 0, useCachedMetrics: false },
      { name: 'spec.triggers[1]', query: 'max(claimq_queue_oldest_pending_age_seconds{queue="default"})', signals: ['oldestPendingAgeS'], metricType: 'Value', threshold: 60, activationThreshold: 10, useCachedMetrics: true },
    ]);
  });

  it('skips files that declare no ScaledObject, and names a ScaledObject file it cannot parse', () => {
    writeFileSync(join(dir, 'deployment.yaml'), 'replicas: {{ .Values.replicas }}\n');
    writeFileSync(join(dir, 'scaledobject.yaml'), SHIPPED);
    expect(loadShippedScaledObject(dir).maxReplicaCount).toBe(12);
    writeFileSync(join(dir, 'scaledobject.yaml'), 'kind: ScaledObject\nspec: {{ .Values.spec }\n');
    expect(() => loadShippedScaledObject(dir)).toThrow(/scaledobject\.yaml/);
  });

  it('is, in this repository, deploy/kubernetes/worker-scaledobject.yaml (the scale-to-zero patch has no triggers and is not counted)', () => {
    const config = loadShippedScaledObject();
    expect(config.source).toBe(join('deploy', 'kubernetes', 'worker-scaledobject.yaml'));
    expect(config.triggers.map((t) => t.signals)).toEqual([['pending', 'running'], ['oldestPendingAgeS']]);
  });

  it('names the directory when it holds no ScaledObject to replay', () => {
    expect(() => loadShippedScaledObject(join(dir, 'missing'))).toThrow(/found 0/);
  });

  it('refuses a trigger whose query the recorded curve has no series for', () => {
    const doc = (query: string) => ({ kind: 'ScaledObject', apiVersion: 'keda.sh/v1alpha1', spec: { triggers: [{ type: 'prometheus', metadata: { query, threshold: '5' } }] } });
    expect(() => autoscalerConfig(doc('sum(rate(claimq_jobs_enqueued_total[1m]))'), 'x.yaml')).toThrow(/no series for sum\(rate/);
    expect(() => autoscalerConfig(doc('max(claimq_queue_jobs{state="pending"}) + max(claimq_queue_jobs{state="failed"})'), 'x.yaml')).toThrow(/no series for max\(claimq_queue_jobs\{state="failed"\}\)/);
  });
});

describe('the fluid queue', () => {
  it('serves the ready replicas` rate, reads the oldest age off the cumulative arrivals and counts the jobs still running', () => {
    const queue = new FluidQueue(10, 1.5);
    queue.step(30, 1); // 30 arrive evenly over [0, 1], 10 served: the head arrived at 10/30 s
    expect(queue.backlog).toBe(20);
    expect(queue.running()).toBe(10);
    expect(queue.oldestPendingAgeS()).toBeCloseTo(1 - 1 / 3, 9);
    queue.step(0, 1); // 20 served: the head arrived at 20/30 s
    expect(queue.backlog).toBe(10);
    expect(queue.running()).toBe(15); // jobs run 1.5 s: the last second's 10 and half the one before's
    expect(queue.oldestPendingAgeS()).toBeCloseTo(2 - 2 / 3, 9);
    queue.step(5, 2); // up to 20 more: all 15 served
    expect(queue.backlog).toBe(0);
    expect(queue.running()).toBe(20);
    expect(queue.oldestPendingAgeS()).toBe(0);
  });
});

describe('the closed-loop replay', () => {
  it('serves with the replicas only once their pods have started', () => {
    const config = autoscalerConfig(
      {
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        spec: { minReplicaCount: 1, maxReplicaCount: 4, triggers: [{ type: 'prometheus', metadata: { query: 'max(claimq_queue_jobs{state="pending"})', threshold: '10' } }] },
      },
      'test');
    // 40 jobs in the first second, then none; 10 jobs/s per replica
    const curve = {
      setup: { workers: 1, baseRatePerS: 0 },
      samples: Array.from({ length: 60 }, (_, i) => ({ t: i + 1, phase: 'base', submitted: i === 0 ? 40 : 0, pending: 0, running: 0, oldestPendingAgeS: 0, claimed: 0, succeeded: 0, load1: 0 })),
    } as unknown as RecordedCurve;
    const run = replayClosedLoop(curve, config, { hpaSyncS: 15, scrapeS: 15, podStartS: 5, perReplicaJobsPerS: 10, maxS: 60 });
    // nothing is pending at the t=0 sync and scrape; 1 replica serves 10/s, so 30, 20, 10 are left
    // at t=1..3 and none from t=4 on, before the t=15 scrape: the HPA never sees a backlog
    expect(run.points.slice(0, 5).map((p) => p.pending)).toEqual([0, 30, 20, 10, 0]);
    expect(run.changes).toEqual([]);

    const slow = replayClosedLoop(curve, config, { hpaSyncS: 15, scrapeS: 1, podStartS: 5, perReplicaJobsPerS: 1, maxS: 60 });
    // at 1 job/s the t=15 sync sees 40 - 15 = 25 pending: ceil(25 / 10) = 3 replicas, the 2 new ones
    // serving from t=20; the 20 left then go at 3/s (none by t=27), and the 3 stay: without a
    // behavior the HPA keeps the highest recommendation of 300 s
    expect(slow.changes.map(({ t, from, to }) => ({ t, from, to }))).toEqual([{ t: 15, from: 1, to: 3 }]);
    expect(slow.points[27]).toMatchObject({ pending: 0, specReplicas: 3, readyReplicas: 3 });
    expect(slow.points[20].pending - slow.points[21].pending).toBe(3);
    expect(slow.points[19].pending - slow.points[20].pending).toBe(1);
  });
});
