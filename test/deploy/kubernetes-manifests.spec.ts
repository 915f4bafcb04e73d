import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import request from 'supertest';
import { validateEnvironment } from '../../src/config/environment';
import { startE2eApp } from '../e2e/e2e-app';
import { parsePrometheusText } from '../support/prometheus-text';
import { build, K8sObject, parseImage, podContainers, readYamlDocuments } from './kustomize-build';
import {
  deployments,
  effectiveEnv,
  envProblems,
  gracePeriodProblems,
  modeOf,
  ofKind,
  plainSettings,
  probeProblems,
  probes,
  scaledObjectProblems,
  scrapeProblems,
  secretRefs,
  securityProblems,
  targetProblems,
} from './manifest-checks';
import { StrictDocument, strictFieldErrors, validateSchema } from './manifest-schemas';
import { readQuery } from '../support/prometheus-metric-names';

/**
 * deploy/kubernetes: every document validates against the Kubernetes (and KEDA) schemas with no
 * unknown field, the kustomization builds (with and without each component) and uses every file,
 * and the objects agree with each other and with claimq: probe paths it serves, settings it reads,
 * secrets from the Secret, a grace period longer than its shutdown, autoscalers on the right
 * Deployments, queries on the contract's metrics.
 */
const KIT = resolve(__dirname, '../../deploy/kubernetes');
const SECRET_EXAMPLE = join(KIT, 'secret.example.yaml');
const COMPONENTS = readdirSync(join(KIT, 'components')).map((name) => join(KIT, 'components', name));
const VARIANTS: [string, string[]][] = [['the base', []], ...COMPONENTS.map((c): [string, string[]] => [`the base with components/${basename(c)}`, [c]])];

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

const secretExample = () => readYamlDocuments(SECRET_EXAMPLE)[0] as K8sObject & { stringData: Record<string, string> };

describe('deploy/kubernetes manifests', () => {
  it('validates every document of every YAML file against its kind’s schema, knowing every field by name', () => {
    const patchFiles = new Set(VARIANTS.flatMap(([, components]) => [...build(KIT, components).patchFiles]));
    const errors: string[] = [];
    const strict: StrictDocument[] = [];
    for (const file of yamlFiles(KIT)) {
      // kustomization.yaml files are read, field by field, by the build
      if (basename(file) === 'kustomization.yaml') continue;
      for (const [i, doc] of readYamlDocuments(file).entries()) {
        const label = `${relative(KIT, file)}#${i + 1}`;
        const partial = patchFiles.has(file);
        strict.push({ label, doc, partial });
        if (partial) continue; // a patch is checked whole once applied (below)
        try {
          validateSchema(doc);
        } catch (err) {
          errors.push(`${label}: ${(err as Error).message}`);
        }
      }
    }
    expect(errors).toEqual([]);
    expect(strictFieldErrors(strict)).toEqual([]);
  });

  it('uses every YAML file in its kustomization or a component, except secret.example.yaml', () => {
    const used = new Set(VARIANTS.flatMap(([, components]) => [...build(KIT, components).files]));
    expect(used.has(SECRET_EXAMPLE)).toBe(false);
    const unused = yamlFiles(KIT).filter((file) => !used.has(file) && file !== SECRET_EXAMPLE);
    expect(unused.map((f) => relative(KIT, f))).toEqual([]);
  });

  describe.each(VARIANTS)('built: %s', (_name, components) => {
    const objects = () => build(KIT, components).objects;

    it('makes objects that validate against their schemas with no unknown field', () => {
      const built = objects();
      expect(built.map((o) => `${o.kind} ${o.metadata.name}`).sort()).toEqual([
        'ConfigMap claimq-config',
        'Deployment claimq-api',
        'Deployment claimq-worker',
        'HorizontalPodAutoscaler claimq-api',
        'PodDisruptionBudget claimq-api',
        'PodDisruptionBudget claimq-worker',
        'ScaledObject claimq-worker',
        'Service claimq-api',
      ]);
      for (const o of built) expect(() => validateSchema(o), `${o.kind} ${o.metadata.name}`).not.toThrow();
      expect(strictFieldErrors(built.map((doc) => ({ label: `${doc.kind} ${doc.metadata.name}`, doc })))).toEqual([]);
    });

    it('puts everything in the Secret’s namespace, and runs one image, whose name the kustomization’s `images` entry sets', () => {
      const built = objects();
      expect(new Set(built.map((o) => o.metadata.namespace))).toEqual(new Set([secretExample().metadata.namespace]));
      const images = new Set(podContainers(built).map((c) => c.image));
      expect(images.size).toBe(1);
      // an overlay's `images: [{ name: claimq, newName: ..., newTag: ... }]` then reaches every container
      const [entry] = (readYamlDocuments(join(KIT, 'kustomization.yaml'))[0] as { images: { name: string; newTag: string }[] }).images;
      expect(parseImage([...images][0])).toEqual({ name: entry.name, tag: entry.newTag });
    });

    it('agrees with itself and with claimq: grace, probes, scraping, selectors, settings, security, scaling', () => {
      const built = objects();
      expect(gracePeriodProblems(built)).toEqual([]);
      expect(probeProblems(built)).toEqual([]);
      expect(scrapeProblems(built)).toEqual([]);
      expect(targetProblems(built)).toEqual([]);
      expect(envProblems(built)).toEqual([]);
      expect(securityProblems(built)).toEqual([]);
      expect(scaledObjectProblems(built)).toEqual([]);
    });

    it('gives every Deployment a configuration claimq accepts, and one it refuses with the example’s placeholders', () => {
      const built = objects();
      const example = secretExample().stringData;
      const valid: Record<string, string> = {
        REDIS_URL: 'redis://:password@redis.test:6379/0',
        DATABASE_URL: 'postgres://claimq:password@postgres.test:5432/claimq',
        API_KEYS: randomBytes(24).toString('hex'),
        API_KEYS_READONLY: randomBytes(24).toString('hex'),
        CALLBACK_SIGNING_SECRET: randomBytes(32).toString('hex'),
        SECRETS_KEYS: randomBytes(32).toString('base64'),
      };
      for (const d of deployments(built)) {
        const env = effectiveEnv(d.spec.template.spec.containers[0], built);
        const secretKeys = [...env].flatMap(([name, s]) => (s.from === 'secret' && !s.optional ? [name] : []));
        const withSecrets = (values: Record<string, string>) => ({ ...plainSettings(env), ...Object.fromEntries(secretKeys.map((k) => [k, values[k]])) });
        expect(() => validateEnvironment(withSecrets(valid)), d.metadata.name).not.toThrow();
        // an unedited copy of the example never runs: each key list stops the start, naming itself;
        // the URLs parse but name hosts to replace
        for (const [key, placeholder] of Object.entries(example)) {
          expect(placeholder).toContain('CHANGE');
          if (key.endsWith('_URL')) continue;
          expect(() => validateEnvironment(withSecrets({ ...valid, [key]: placeholder })), `${d.metadata.name} ${key}`).toThrow(key);
        }
      }
    });

    it('reads secrets from one Secret, whose every required key secret.example.yaml documents', () => {
      const refs = secretRefs(objects());
      expect(new Set(refs.map((r) => r.secret))).toEqual(new Set([secretExample().metadata.name]));
      const documented = Object.keys(secretExample().stringData).sort();
      expect([...new Set(refs.filter((r) => !r.optional).map((r) => r.key))].sort()).toEqual(documented);
    });
  });

  it('keeps at least one worker in the base, and none when idle with components/scale-to-zero', () => {
    const minOf = (components: string[]) => (ofKind(build(KIT, components).objects, 'ScaledObject')[0].spec as { minReplicaCount?: number }).minReplicaCount ?? 0;
    expect(minOf([])).toBeGreaterThanOrEqual(1);
    expect(minOf([join(KIT, 'components', 'scale-to-zero')])).toBe(0);
  });

  it('probes, and lets Prometheus scrape, routes each Deployment’s process serves, and the api reports every gauge the workers scale on', async () => {
    const built = build(KIT).objects;
    for (const d of deployments(built)) {
      const container = d.spec.template.spec.containers[0];
      // the Deployment's own settings (the memory store instead of Redis: this checks routes)
      const settings = { ...plainSettings(effectiveEnv(container, built)), JOB_STORE: 'memory', LOG_LEVEL: 'silent' };
      const app = await startE2eApp(settings);
      try {
        expect(app.config.mode).toBe(modeOf(d, built));
        const paths = [...probes(d).map((p) => p.path!), d.spec.template.metadata.annotations!['prometheus.io/path']];
        for (const path of new Set(paths)) {
          const res = await request(app.app.getHttpServer()).get(path);
          expect(res.status, `${d.metadata.name} GET ${path}`).toBe(200);
        }
        if (app.config.mode === 'api') {
          // scale from zero: with no worker running, the api's /metrics carries the queue gauges
          const samples = parsePrometheusText((await request(app.app.getHttpServer()).get('/metrics')).text);
          const so = ofKind(built, 'ScaledObject')[0].spec as { triggers: { metadata: { query: string } }[] };
          const gauges = so.triggers.flatMap((t) => readQuery(t.metadata.query).selectors);
          expect(new Set(gauges.map((g) => g.metric))).toEqual(new Set(['claimq_queue_jobs', 'claimq_queue_oldest_pending_age_seconds']));
          for (const { metric, labels } of gauges) {
            expect(samples.some((s) => s.name === metric && Object.entries(labels).every(([k, v]) => s.labels[k] === v)), `${metric}${JSON.stringify(labels)}`).toBe(true);
          }
        }
      } finally {
        await app.close();
      }
    }
  });

  describe('fails on broken manifests', () => {
    const base = () => build(KIT).objects;
    const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name) as K8sObject & { spec: Record<string, any> };

    it('refuses a probe port given as an object, a threshold given as a number, and a kind it does not know', () => {
      const api = named(base(), 'Deployment', 'claimq-api');
      api.spec.template.spec.containers[0].readinessProbe.httpGet.port = { name: 'http' };
      expect(() => validateSchema(api)).toThrow(/readinessProbe\/httpGet\/port/);
      const so = named(base(), 'ScaledObject', 'claimq-worker');
      so.spec.triggers[0].metadata.threshold = 40;
      expect(() => validateSchema(so)).toThrow(/triggers\/0\/metadata\/threshold must be string/);
      expect(() => validateSchema({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'x' } })).toThrow(/unknown kind apps\/v1\/StatefulSet/);
    });

    it('reports a misspelled field at any depth, in objects and in patches', () => {
      const api = named(base(), 'Deployment', 'claimq-api');
      const container = api.spec.template.spec.containers[0];
      container.readinesProbe = container.readinessProbe;
      delete container.readinessProbe;
      const so = named(base(), 'ScaledObject', 'claimq-worker');
      so.spec.advanced.horizontalPodAutoscalerConfig.behaviour = {};
      const errors = strictFieldErrors([
        { label: 'api', doc: api },
        { label: 'scaledobject', doc: so },
        { label: 'patch', doc: { apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'claimq-worker' }, spec: { minReplicaCunt: 0 } }, partial: true },
      ]);
      expect(errors).toHaveLength(3);
      expect(errors[0]).toMatch(/^api: .*readinesProbe.* does not exist in type 'IContainer'/);
      expect(errors[1]).toMatch(/^scaledobject: .*behaviour.* does not exist/);
      expect(errors[2]).toMatch(/^patch: .*minReplicaCunt.* does not exist/);
    });

    it('reports a grace period that the shutdown outlasts, and one that forgets the preStop sleep', () => {
      const objects = base();
      named(objects, 'Deployment', 'claimq-worker').spec.template.spec.terminationGracePeriodSeconds = 30;
      named(objects, 'Deployment', 'claimq-api').spec.template.spec.terminationGracePeriodSeconds = 32;
      expect(gracePeriodProblems(objects)).toEqual([
        'claimq-api: terminationGracePeriodSeconds 32 is not above preStop 5 s + SHUTDOWN_GRACE_MS 30000 ms + 2 s',
        'claimq-worker: terminationGracePeriodSeconds 30 is not above preStop 0 s + SHUTDOWN_GRACE_MS 30000 ms + 2 s',
      ]);
    });

    it('reports a probe on a path or port claimq does not serve, and autoscalers and budgets aimed at the wrong pods', () => {
      const objects = base();
      const worker = named(objects, 'Deployment', 'claimq-worker');
      worker.spec.template.spec.containers[0].livenessProbe.httpGet.path = '/healthz';
      worker.spec.template.spec.containers[0].readinessProbe.httpGet.port = 8080;
      named(objects, 'HorizontalPodAutoscaler', 'claimq-api').spec.scaleTargetRef.name = 'claimq-worker';
      named(objects, 'ScaledObject', 'claimq-worker').spec.scaleTargetRef.name = 'claimq-workers';
      named(objects, 'PodDisruptionBudget', 'claimq-worker').spec.selector.matchLabels['app.kubernetes.io/component'] = 'workers';
      named(objects, 'Deployment', 'claimq-api').spec.replicas = 2;
      expect(probeProblems(objects)).toEqual([
        'claimq-worker livenessProbe: path /healthz, expected /health/live',
        'claimq-worker readinessProbe: port 8080 is 8080, claimq listens on 3000',
      ]);
      expect(targetProblems(objects)).toEqual([
        'claimq-worker: 0 PodDisruptionBudgets select its pods',
        'PodDisruptionBudget claimq-worker selects no Deployment\'s pods',
        'HorizontalPodAutoscaler claimq-api scales Deployment claimq-worker, expected Deployment claimq-api',
        'ScaledObject claimq-worker scales Deployment claimq-workers, expected Deployment claimq-worker',
        'claimq-api: sets replicas, which its autoscaler owns',
      ]);
    });

    it('reports a secret given as a literal or in the ConfigMap, and a variable claimq does not read', () => {
      const objects = base();
      const env = named(objects, 'Deployment', 'claimq-api').spec.template.spec.containers[0].env as { name: string; value?: string; valueFrom?: unknown }[];
      Object.assign(env.find((e) => e.name === 'API_KEYS')!, { value: 'k'.repeat(32), valueFrom: undefined });
      env.push({ name: 'WORKER_CONCURENCY', value: '10' });
      (named(objects, 'ConfigMap', 'claimq-config') as { data?: Record<string, string> }).data!.DATABASE_URL = 'postgres://u:p@h/db';
      expect(envProblems(objects)).toEqual([
        'ConfigMap claimq-config: DATABASE_URL is a secret',
        'claimq-api: secret API_KEYS is given as a literal value',
        'claimq-api: WORKER_CONCURENCY is not a claimq setting',
      ]);
    });

    it('reports a query that sums a cluster-wide gauge, does not parse, names a metric outside the contract or an unknown queue', () => {
      const objects = base();
      const triggers = named(objects, 'ScaledObject', 'claimq-worker').spec.triggers as { metadata: Record<string, string> }[];
      triggers[0].metadata.query = 'sum(claimq_queue_jobs{queue="default",state="pending"})';
      triggers[1].metadata.query = 'max(claimq_queue_oldest_pending_age{queue="emails"}';
      const problems = scaledObjectProblems(objects);
      expect(problems).toContain('ScaledObject claimq-worker trigger backlog: cluster-wide claimq_queue_jobs aggregated with sum, not max');
      expect(problems.some((p) => /trigger oldest-pending-age: syntax error/.test(p))).toBe(true);
      expect(problems).toContain('ScaledObject claimq-worker trigger oldest-pending-age: claimq_queue_oldest_pending_age is not a metric of the contract');
      expect(problems).toContain('ScaledObject claimq-worker trigger oldest-pending-age: claimq_queue_oldest_pending_age reads queue emails, which QUEUES (default) does not list');
    });

    it('reports a backlog threshold above a worker’s slots, and scale to zero without activation thresholds', () => {
      const objects = build(KIT, [join(KIT, 'components', 'scale-to-zero')]).objects;
      const triggers = named(objects, 'ScaledObject', 'claimq-worker').spec.triggers as { metadata: Record<string, string> }[];
      triggers[0].metadata.threshold = '60';
      delete triggers[1].metadata.activationThreshold;
      expect(scaledObjectProblems(objects)).toEqual([
        'ScaledObject claimq-worker trigger backlog: 60 jobs per worker is more than its WORKER_CONCURRENCY (50) slots',
        'ScaledObject claimq-worker trigger oldest-pending-age: may scale to zero without an activationThreshold',
      ]);
    });

    it('refuses a kustomization field the build does not carry out, and an image entry that names no container', () => {
      const dir = mkdtempSync(join(tmpdir(), 'claimq-kustomize-'));
      try {
        writeFileSync(join(dir, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cm.yaml]\nreplacements: []\n');
        writeFileSync(join(dir, 'cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n');
        expect(() => build(dir)).toThrow(/does not carry out replacements/);
        writeFileSync(join(dir, 'kustomization.yaml'), 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cm.yaml]\nimages: [{name: claimq, newTag: "1"}]\n');
        expect(() => build(dir)).toThrow(/images entry claimq names no container's image/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
