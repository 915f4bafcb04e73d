import { getMetadataStorage } from 'class-validator';
import { EnvironmentVariables, SECRET_VARIABLES } from '../../src/config/environment';
import { CLUSTER_WIDE_GAUGES, readQuery } from '../support/prometheus-metric-names';
import { K8sObject } from './kustomize-build';

/*
 * Checks across the objects a build makes, each returning what is wrong (empty: nothing), so the
 * spec can show them passing on the kit and failing on a broken copy of it.
 */

/** Every variable claimq reads: the properties of the validated configuration class. */
export const SETTINGS: ReadonlySet<string> = new Set([
  ...Object.keys(new EnvironmentVariables()),
  ...getMetadataStorage()
    .getTargetValidationMetadatas(EnvironmentVariables, '', true, false)
    .map((m) => m.propertyName),
]);

/**
 * Settings whose values are credentials: the ones environment.ts hides in its errors
 * (SECRET_VARIABLES), and the connection URLs, which carry passwords (it masks those).
 */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set([...SECRET_VARIABLES, 'REDIS_URL', 'REDIS_CLUSTER_NODES', 'DATABASE_URL']);

/**
 * The metric names the manifests may query besides the cluster-wide gauges (CLUSTER_WIDE_GAUGES,
 * which every instance reports alike, so a query takes their max): what each process counts.
 */
export const PER_PROCESS_METRICS: ReadonlySet<string> = new Set([
  'claimq_jobs_enqueued_total',
  'claimq_jobs_claimed_total',
  'claimq_jobs_succeeded_total',
  'claimq_jobs_failed_total',
  'claimq_jobs_retried_total',
  'claimq_jobs_cancelled_total',
  'claimq_jobs_stale_results_total',
  'claimq_worker_slots',
  'claimq_worker_busy_slots',
  'claimq_worker_utilization_ratio',
  'claimq_worker_busy_slot_seconds_total',
  'claimq_store_up',
]);

/** The process is gone within SHUTDOWN_GRACE_MS + 2 s of SIGTERM, whatever hangs (README, Running it for real). */
export const SHUTDOWN_BACKSTOP_SECONDS = 2;

export type Container = {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: unknown; fieldRef?: unknown } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: unknown }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: Record<string, unknown> & { capabilities?: { drop?: string[] } };
};
type Probe = { httpGet?: { path?: string; port?: number | string } };
type PodSpec = { containers: Container[]; securityContext?: Record<string, unknown>; terminationGracePeriodSeconds?: number };
export type Deployment = K8sObject & { spec: { replicas?: number; selector: { matchLabels?: Record<string, string> }; template: { metadata: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec } } };

export function ofKind<T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string): T[] {
  return objects.filter((o) => o.kind === kind) as T[];
}

/** A container's environment as the kubelet builds it: envFrom ConfigMaps, then env (which wins). */
export type EnvSource = { from: 'configmap' | 'literal'; value: string } | { from: 'secret'; secret: string; key: string; optional: boolean };

export function effectiveEnv(container: Container, objects: K8sObject[]): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef === undefined) throw new Error(`container ${container.name}: envFrom other than a ConfigMap (secrets come one by one, through secretKeyRef)`);
    const configMap = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name === source.configMapRef!.name) as (K8sObject & { data?: Record<string, string> }) | undefined;
    if (configMap === undefined) throw new Error(`container ${container.name}: envFrom names ConfigMap ${source.configMapRef.name}, which the build does not make`);
    for (const [key, value] of Object.entries(configMap.data ?? {})) env.set(key, { from: 'configmap', value });
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (ref !== undefined) env.set(entry.name, { from: 'secret', secret: ref.name, key: ref.key, optional: ref.optional === true });
    else if (entry.valueFrom !== undefined) throw new Error(`container ${container.name}: ${entry.name} from a source the test does not read`);
    else env.set(entry.name, { from: 'literal', value: entry.value ?? '' });
  }
  return env;
}

/** The non-secret settings of a container, as strings. */
export function plainSettings(env: Map<string, EnvSource>): Record<string, string> {
  return Object.fromEntries([...env].flatMap(([name, s]) => (s.from === 'secret' ? [] : [[name, s.value]])));
}

export function deployments(objects: K8sObject[]): Deployment[] {
  return ofKind<Deployment>(objects, 'Deployment');
}

/** The MODE a Deployment's pods run in. */
export function modeOf(deployment: Deployment, objects: K8sObject[]): string {
  const mode = effectiveEnv(deployment.spec.template.spec.containers[0], objects).get('MODE');
  return mode !== undefined && mode.from !== 'secret' ? mode.value : 'all';
}

/** terminationGracePeriodSeconds covers the preStop hook, SHUTDOWN_GRACE_MS (set explicitly) and the 2 s backstop. */
export function gracePeriodProblems(objects: K8sObject[]): string[] {
  return deployments(objects).flatMap((d) => {
    const pod = d.spec.template.spec;
    return pod.containers.flatMap((c) => {
      const grace = effectiveEnv(c, objects).get('SHUTDOWN_GRACE_MS');
      if (grace === undefined || grace.from === 'secret') return [`${d.metadata.name}: SHUTDOWN_GRACE_MS is not set explicitly`];
      const preStop = preStopSeconds(c);
      const needed = preStop + Number(grace.value) / 1000 + SHUTDOWN_BACKSTOP_SECONDS;
      const period = pod.terminationGracePeriodSeconds ?? 30;
      return period > needed ? [] : [`${d.metadata.name}: terminationGracePeriodSeconds ${period} is not above preStop ${preStop} s + SHUTDOWN_GRACE_MS ${grace.value} ms + ${SHUTDOWN_BACKSTOP_SECONDS} s`];
    });
  });
}

function preStopSeconds(c: Container): number {
  const preStop = c.lifecycle?.preStop;
  if (preStop === undefined) return 0;
  if (preStop.sleep !== undefined) return preStop.sleep.seconds;
  const command = preStop.exec?.command ?? [];
  if (command.length === 2 && command[0] === 'sleep' && /^\d+$/.test(command[1])) return Number(command[1]);
  throw new Error(`${c.name}: a preStop hook the test cannot time (${JSON.stringify(preStop)})`);
}

/** The probes the kubelet runs: path and the container port they reach. */
export function probes(d: Deployment): { container: Container; kind: 'startupProbe' | 'livenessProbe' | 'readinessProbe'; path: string | undefined; port: number | string | undefined }[] {
  return d.spec.template.spec.containers.flatMap((container) =>
    (['startupProbe', 'livenessProbe', 'readinessProbe'] as const).map((kind) => ({ container, kind, path: container[kind]?.httpGet?.path, port: container[kind]?.httpGet?.port })),
  );
}

/** Startup and liveness on /health/live (the process only), readiness on /health/ready, all on the port claimq listens on. */
export function probeProblems(objects: K8sObject[]): string[] {
  const expected = { startupProbe: '/health/live', livenessProbe: '/health/live', readinessProbe: '/health/ready' };
  return deployments(objects).flatMap((d) =>
    probes(d).flatMap(({ container, kind, path, port }) => {
      const where = `${d.metadata.name} ${kind}`;
      if (path === undefined) return [`${where}: no httpGet probe`];
      const problems = path === expected[kind] ? [] : [`${where}: path ${path}, expected ${expected[kind]}`];
      const listening = listeningPort(container, objects);
      const reached = typeof port === 'string' ? container.ports?.find((p) => p.name === port)?.containerPort : port;
      if (reached !== listening) problems.push(`${where}: port ${String(port)} is ${String(reached)}, claimq listens on ${listening}`);
      return problems;
    }),
  );
}

/** PORT as the container sets it, else claimq's default. */
export function listeningPort(container: Container, objects: K8sObject[]): number {
  const port = effectiveEnv(container, objects).get('PORT');
  return port !== undefined && port.from !== 'secret' ? Number(port.value) : new EnvironmentVariables().PORT;
}

/** Prometheus annotations on every pod template: scrape on, the listening port, a path (the spec GETs it). */
export function scrapeProblems(objects: K8sObject[]): string[] {
  return deployments(objects).flatMap((d) => {
    const a = d.spec.template.metadata.annotations ?? {};
    const listening = listeningPort(d.spec.template.spec.containers[0], objects);
    const problems: string[] = [];
    if (a['prometheus.io/scrape'] !== 'true') problems.push(`${d.metadata.name}: prometheus.io/scrape is not "true"`);
    if (a['prometheus.io/port'] !== String(listening)) problems.push(`${d.metadata.name}: prometheus.io/port ${a['prometheus.io/port']}, claimq listens on ${listening}`);
    if (a['prometheus.io/path'] === undefined) problems.push(`${d.metadata.name}: no prometheus.io/path`);
    return problems;
  });
}

function matches(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([k, v]) => labels?.[k] === v);
}

/**
 * Selectors and targets: each Deployment selects its own pods and no other's, each has exactly
 * one PDB, the Service selects the api pods only, the HPA scales the api, the ScaledObject the
 * workers, and a Deployment an autoscaler owns sets no replicas (an apply would reset the count).
 */
export function targetProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const all = deployments(objects);
  const byMode = (mode: string) => all.filter((d) => modeOf(d, objects) === mode);
  const [api, worker] = [byMode('api'), byMode('worker')];
  if (api.length !== 1 || worker.length !== 1) return [`expected one api and one worker Deployment, found ${api.length} and ${worker.length}`];
  for (const d of all) {
    const hits = all.filter((other) => matches(d.spec.selector.matchLabels, other.spec.template.metadata.labels));
    if (hits.length !== 1 || hits[0] !== d) problems.push(`${d.metadata.name}: its selector matches the pods of ${hits.map((h) => h.metadata.name).join(', ') || 'none'}`);
    const pdbs = ofKind<K8sObject & { spec: { selector: { matchLabels?: Record<string, string> } } }>(objects, 'PodDisruptionBudget').filter((p) =>
      matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels),
    );
    if (pdbs.length !== 1) problems.push(`${d.metadata.name}: ${pdbs.length} PodDisruptionBudgets select its pods`);
  }
  for (const pdb of ofKind<K8sObject & { spec: { selector: { matchLabels?: Record<string, string> } } }>(objects, 'PodDisruptionBudget')) {
    if (!all.some((d) => matches(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels))) problems.push(`PodDisruptionBudget ${pdb.metadata.name} selects no Deployment's pods`);
  }
  for (const service of ofKind<K8sObject & { spec: { selector?: Record<string, string> } }>(objects, 'Service')) {
    const selected = all.filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
    if (selected.length !== 1 || selected[0] !== api[0]) problems.push(`Service ${service.metadata.name} selects ${selected.map((d) => d.metadata.name).join(', ') || 'no pods'}, expected ${api[0].metadata.name} only`);
  }
  const targetOf = (o: K8sObject) => (o.spec as { scaleTargetRef: { apiVersion?: string; kind?: string; name: string } }).scaleTargetRef;
  const hpas = ofKind(objects, 'HorizontalPodAutoscaler');
  const scaledObjects = ofKind(objects, 'ScaledObject');
  for (const [owners, expected, kind] of [[hpas, api[0], 'HorizontalPodAutoscaler'], [scaledObjects, worker[0], 'ScaledObject']] as const) {
    if (owners.length !== 1) problems.push(`expected one ${kind}, found ${owners.length}`);
    for (const owner of owners) {
      const t = targetOf(owner);
      // KEDA's scaleTargetRef defaults to apps/v1 Deployment
      if ((t.apiVersion ?? 'apps/v1') !== 'apps/v1' || (t.kind ?? 'Deployment') !== 'Deployment' || t.name !== expected.metadata.name) {
        problems.push(`${kind} ${owner.metadata.name} scales ${t.kind ?? 'Deployment'} ${t.name}, expected Deployment ${expected.metadata.name}`);
      }
    }
  }
  for (const d of [...api, ...worker]) if (d.spec.replicas !== undefined) problems.push(`${d.metadata.name}: sets replicas, which its autoscaler owns`);
  return problems;
}

/**
 * Every variable the manifests set is one claimq reads; a secret setting comes from a
 * secretKeyRef of its own name, never a literal or the ConfigMap.
 */
export function envProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const configMap of ofKind<K8sObject & { data?: Record<string, string> }>(objects, 'ConfigMap')) {
    for (const key of Object.keys(configMap.data ?? {})) {
      if (!SETTINGS.has(key)) problems.push(`ConfigMap ${configMap.metadata.name}: ${key} is not a claimq setting`);
      if (SECRET_SETTINGS.has(key)) problems.push(`ConfigMap ${configMap.metadata.name}: ${key} is a secret`);
    }
  }
  for (const d of deployments(objects)) {
    for (const container of d.spec.template.spec.containers) {
      for (const [name, source] of effectiveEnv(container, objects)) {
        if (!SETTINGS.has(name)) problems.push(`${d.metadata.name}: ${name} is not a claimq setting`);
        if (SECRET_SETTINGS.has(name) && source.from !== 'secret') problems.push(`${d.metadata.name}: secret ${name} is given as a ${source.from} value`);
        if (source.from === 'secret' && source.key !== name) problems.push(`${d.metadata.name}: ${name} reads key ${source.key} of Secret ${source.secret}`);
      }
    }
  }
  return problems;
}

/** The secretKeyRefs of every container: Secret, key, and whether the pod starts without it. */
export function secretRefs(objects: K8sObject[]): { secret: string; key: string; optional: boolean }[] {
  return deployments(objects).flatMap((d) =>
    d.spec.template.spec.containers.flatMap((c) => [...effectiveEnv(c, objects).values()].flatMap((s) => (s.from === 'secret' ? [{ secret: s.secret, key: s.key, optional: s.optional }] : []))),
  );
}

/** Non-root with a numeric id, seccomp RuntimeDefault, no privilege escalation, read-only root, no capabilities, requests and limits. */
export function securityProblems(objects: K8sObject[]): string[] {
  return deployments(objects).flatMap((d) => {
    const pod = d.spec.template.spec;
    const problems: string[] = [];
    const podSc = pod.securityContext ?? {};
    for (const c of pod.containers) {
      const sc = { ...podSc, ...(c.securityContext ?? {}) } as Record<string, unknown> & { capabilities?: { drop?: string[] }; seccompProfile?: { type?: string } };
      const where = `${d.metadata.name}/${c.name}`;
      if (sc.runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
      // the image's user is `node`, a name: the kubelet can only check runAsNonRoot against a number
      if (typeof sc.runAsUser !== 'number' || sc.runAsUser === 0) problems.push(`${where}: runAsUser is not a non-zero number`);
      if (sc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: seccompProfile is not RuntimeDefault`);
      if (sc.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
      if (sc.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
      if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const resource of ['cpu', 'memory']) if (c.resources?.[kind]?.[resource] === undefined) problems.push(`${where}: no ${resource} ${kind}`);
      }
    }
    return problems;
  });
}

type Trigger = { type: string; name?: string; metricType?: string; metadata: Record<string, string> };
type ScaledObjectSpec = { minReplicaCount?: number; maxReplicaCount?: number; triggers: Trigger[]; advanced?: { horizontalPodAutoscalerConfig?: { behavior?: { scaleUp?: { stabilizationWindowSeconds?: number }; scaleDown?: { stabilizationWindowSeconds?: number } } } } };

/**
 * The worker ScaledObject: Prometheus triggers whose queries parse, name contract metrics, take max
 * of cluster-wide gauges and read only configured queues; one server for all; a backlog threshold
 * a worker's slots can hold; fast-up slow-down behaviour; and, when it may scale to zero, an
 * explicit activation threshold on every trigger.
 */
export function scaledObjectProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const worker = deployments(objects).find((d) => modeOf(d, objects) === 'worker');
  if (worker === undefined) return ['no worker Deployment'];
  const settings = plainSettings(effectiveEnv(worker.spec.template.spec.containers[0], objects));
  const queues = new Set((settings.QUEUES ?? new EnvironmentVariables().QUEUES).split(',').map((q) => q.replace(/:\d+$/, '')));
  const slots = Number(settings.WORKER_CONCURRENCY ?? new EnvironmentVariables().WORKER_CONCURRENCY);
  for (const so of ofKind<K8sObject & { spec: ScaledObjectSpec }>(objects, 'ScaledObject')) {
    const where = `ScaledObject ${so.metadata.name}`;
    const { minReplicaCount = 0, triggers } = so.spec;
    const servers = new Set<string>();
    for (const [i, t] of triggers.entries()) {
      const at = `${where} trigger ${t.name ?? i}`;
      if (t.type !== 'prometheus') {
        problems.push(`${at}: type ${t.type}, expected prometheus`);
        continue;
      }
      servers.add(t.metadata.serverAddress);
      if (!/^https?:\/\/[^/\s]+/.test(t.metadata.serverAddress ?? '')) problems.push(`${at}: serverAddress ${t.metadata.serverAddress} is not an http(s) URL`);
      if (!(Number(t.metadata.threshold) > 0)) problems.push(`${at}: threshold ${t.metadata.threshold} is not a positive number`);
      if (minReplicaCount === 0 && !(Number(t.metadata.activationThreshold) >= 0)) problems.push(`${at}: may scale to zero without an activationThreshold`);
      const { errors, selectors } = readQuery(t.metadata.query ?? '');
      problems.push(...errors.map((e) => `${at}: ${e}`));
      if (selectors.length === 0) problems.push(`${at}: the query selects no metric`);
      for (const s of selectors) {
        if (!CLUSTER_WIDE_GAUGES.has(s.metric) && !PER_PROCESS_METRICS.has(s.metric)) problems.push(`${at}: ${s.metric} is not a metric of the contract`);
        if (CLUSTER_WIDE_GAUGES.has(s.metric) && s.aggregation !== 'max') problems.push(`${at}: cluster-wide ${s.metric} aggregated with ${s.aggregation ?? 'nothing'}, not max`);
        if (s.labels.queue === undefined || !queues.has(s.labels.queue)) problems.push(`${at}: ${s.metric} reads queue ${s.labels.queue}, which QUEUES (${[...queues].join(',')}) does not list`);
      }
      if (selectors.some((s) => s.metric === 'claimq_queue_jobs') && t.metricType !== 'Value' && Number(t.metadata.threshold) > slots) {
        problems.push(`${at}: ${t.metadata.threshold} jobs per worker is more than its WORKER_CONCURRENCY (${slots}) slots`);
      }
    }
    if (servers.size > 1) problems.push(`${where}: triggers ask different Prometheus servers (${[...servers].join(', ')})`);
    const behavior = so.spec.advanced?.horizontalPodAutoscalerConfig?.behavior;
    if (behavior?.scaleUp === undefined || behavior.scaleDown === undefined) problems.push(`${where}: no scaleUp and scaleDown behavior`);
    else if ((behavior.scaleDown.stabilizationWindowSeconds ?? 300) <= (behavior.scaleUp.stabilizationWindowSeconds ?? 0)) problems.push(`${where}: scales down as fast as it scales up`);
  }
  return problems;
}
