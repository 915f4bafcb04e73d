import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * The autoscaling settings the replay runs on, read from a KEDA ScaledObject (keda.sh/v1alpha1)
 * with the defaults KEDA and the HPA apply to what it leaves out, so the replay never holds a
 * number of its own.
 *
 * Defaults, from the KEDA ScaledObject specification and the Kubernetes HPA v2 API
 * (pkg/apis/autoscaling/v2/defaults.go): pollingInterval 30 s, cooldownPeriod 300 s,
 * minReplicaCount 0, maxReplicaCount 100; a trigger's metricType AverageValue and
 * activationThreshold 0. The HPA KEDA creates has minReplicas max(minReplicaCount, 1): the
 * 0 <-> 1 step is KEDA's. A behavior that is set gets every field it leaves out from the HPA
 * defaults (scaleUp: no stabilization, Max of 4 pods and 100% per 15 s; scaleDown: the
 * controller's --horizontal-pod-autoscaler-downscale-stabilization, 300 s, and 100% per 15 s);
 * no behavior at all runs the HPA's older path (HpaController).
 */

export type PolicyType = 'Pods' | 'Percent';
export type SelectPolicy = 'Max' | 'Min' | 'Disabled';

export interface ScalingPolicy {
  type: PolicyType;
  value: number;
  periodSeconds: number;
}

export interface ScalingRules {
  stabilizationWindowSeconds: number;
  selectPolicy: SelectPolicy;
  policies: ScalingPolicy[];
  /** behavior.scale{Up,Down}.tolerance (HPAConfigurableTolerance); the cluster's 0.1 when unset. */
  tolerance: number;
}

export interface HpaBehavior {
  scaleUp: ScalingRules;
  scaleDown: ScalingRules;
}

/** A series the recorded curve holds, which a trigger's query can read. */
export type CurveSignal = 'pending' | 'running' | 'oldestPendingAgeS';

export interface MetricTrigger {
  /** The trigger's name, or its position. */
  name: string;
  query: string;
  /** The series the query adds up (one for most queries; pending + running for a backlog of slots). */
  signals: CurveSignal[];
  metricType: 'AverageValue' | 'Value';
  threshold: number;
  activationThreshold: number;
  /** The trigger's useCachedMetrics: the HPA then reads the value KEDA polled last, not a fresh one. */
  useCachedMetrics: boolean;
}

export interface AutoscalerConfig {
  /** The file the numbers come from, relative to the repository. */
  source: string;
  name: string;
  pollingIntervalS: number;
  cooldownPeriodS: number;
  minReplicaCount: number;
  maxReplicaCount: number;
  /** The HPA's minReplicas. */
  hpaMinReplicas: number;
  /** undefined: the ScaledObject sets none, and the HPA runs its path without one. */
  behavior: HpaBehavior | undefined;
  triggers: MetricTrigger[];
}

const SIGNAL_WORDS: Record<CurveSignal, string> = { pending: 'pending', running: 'running', oldestPendingAgeS: 'oldest pending age' };

/** "pending + running: 40 (AverageValue)", as the plot and the replay's output name a trigger. */
export function describeTrigger(trigger: MetricTrigger): string {
  const unit = trigger.signals.includes('oldestPendingAgeS') ? ' s' : '';
  return `${trigger.signals.map((s) => SIGNAL_WORDS[s]).join(' + ')}: ${trigger.threshold}${unit} (${trigger.metricType})`;
}

/** The cluster-wide tolerance (kube-controller-manager --horizontal-pod-autoscaler-tolerance). */
export const DEFAULT_TOLERANCE = 0.1;
/** kube-controller-manager --horizontal-pod-autoscaler-downscale-stabilization. */
export const DEFAULT_DOWNSCALE_STABILIZATION_S = 300;

const ROOT = join(__dirname, '..', '..');
const DEPLOY_DIR = join(ROOT, 'deploy', 'kubernetes');

/**
 * The ScaledObject that ships: the one KEDA ScaledObject under deploy/kubernetes/ whose triggers
 * read claimq's queue metrics (a kustomize patch of one, such as components/scale-to-zero, has no
 * triggers and is not it). The one place that decides where the numbers come from.
 */
export function loadShippedScaledObject(deployDir = DEPLOY_DIR): AutoscalerConfig {
  const shipped = existsSync(deployDir) ? findScaledObjects(deployDir) : [];
  if (shipped.length !== 1) {
    throw new Error(`expected one ScaledObject with claimq_queue_* triggers under ${relative(ROOT, deployDir) || deployDir}, found ${shipped.length}${shipped.length > 0 ? `: ${shipped.map((s) => s.file).join(', ')}` : ''}`);
  }
  return autoscalerConfig(shipped[0].doc, relative(ROOT, shipped[0].file));
}

interface Found {
  file: string;
  doc: Record<string, unknown>;
}

function findScaledObjects(dir: string): Found[] {
  const found: Found[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findScaledObjects(path));
    // only files that declare a ScaledObject are parsed: a Helm template elsewhere is not YAML yet
    else if (/\.ya?ml$/.test(entry) && /kind:\s*["']?ScaledObject\b/.test(readFileSync(path, 'utf8'))) {
      for (const doc of scaledObjectsIn(path)) {
        if (JSON.stringify(doc).includes('claimq_queue_')) found.push({ file: path, doc });
      }
    }
  }
  return found;
}

/** The keda.sh ScaledObject documents of a (multi-document) YAML file. */
function scaledObjectsIn(file: string): Record<string, unknown>[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => {
      if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0].message}`);
      return d.toJS() as unknown;
    })
    .filter((d): d is Record<string, unknown> => isObject(d) && d.kind === 'ScaledObject' && String(d.apiVersion).startsWith('keda.sh/'));
}

/** The settings of one parsed ScaledObject, defaults applied. */
export function autoscalerConfig(doc: Record<string, unknown>, source: string): AutoscalerConfig {
  const spec = objectAt(doc, 'spec', source);
  const meta = isObject(doc.metadata) ? doc.metadata : {};
  const minReplicaCount = intOr(spec.minReplicaCount, 0, `${source} spec.minReplicaCount`);
  const advanced = isObject(spec.advanced) ? spec.advanced : {};
  const hpaConfig = isObject(advanced.horizontalPodAutoscalerConfig) ? advanced.horizontalPodAutoscalerConfig : {};
  const rawTriggers = spec.triggers;
  if (!Array.isArray(rawTriggers) || rawTriggers.length === 0) throw new Error(`${source}: spec.triggers is empty`);
  return {
    source,
    name: String(meta.name ?? '?'),
    pollingIntervalS: intOr(spec.pollingInterval, 30, `${source} spec.pollingInterval`),
    cooldownPeriodS: intOr(spec.cooldownPeriod, 300, `${source} spec.cooldownPeriod`),
    minReplicaCount,
    maxReplicaCount: intOr(spec.maxReplicaCount, 100, `${source} spec.maxReplicaCount`),
    hpaMinReplicas: Math.max(minReplicaCount, 1),
    behavior: isObject(hpaConfig.behavior) ? hpaBehavior(hpaConfig.behavior, source) : undefined,
    triggers: rawTriggers.map((t, i) => metricTrigger(t, `${source} spec.triggers[${i}]`)),
  };
}

/** GenerateHPAScaleUpRules / GenerateHPAScaleDownRules: each field left out takes the default. */
export function hpaBehavior(raw: Record<string, unknown>, where = 'behavior'): HpaBehavior {
  return {
    scaleUp: scalingRules(raw.scaleUp, {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Pods', value: 4, periodSeconds: 15 },
        { type: 'Percent', value: 100, periodSeconds: 15 },
      ],
      tolerance: DEFAULT_TOLERANCE,
    }, `${where}.scaleUp`),
    scaleDown: scalingRules(raw.scaleDown, {
      stabilizationWindowSeconds: DEFAULT_DOWNSCALE_STABILIZATION_S,
      selectPolicy: 'Max',
      policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
      tolerance: DEFAULT_TOLERANCE,
    }, `${where}.scaleDown`),
  };
}

function scalingRules(raw: unknown, defaults: ScalingRules, where: string): ScalingRules {
  if (raw === undefined || raw === null) return defaults;
  if (!isObject(raw)) throw new Error(`${where} is not an object`);
  const selectPolicy = raw.selectPolicy ?? defaults.selectPolicy;
  if (selectPolicy !== 'Max' && selectPolicy !== 'Min' && selectPolicy !== 'Disabled') throw new Error(`${where}.selectPolicy: ${String(selectPolicy)}`);
  let policies = defaults.policies;
  if (raw.policies !== undefined && raw.policies !== null) {
    if (!Array.isArray(raw.policies)) throw new Error(`${where}.policies is not a list`);
    policies = raw.policies.map((p, i) => {
      if (!isObject(p) || (p.type !== 'Pods' && p.type !== 'Percent')) throw new Error(`${where}.policies[${i}].type must be Pods or Percent`);
      return { type: p.type, value: intOr(p.value, Number.NaN, `${where}.policies[${i}].value`), periodSeconds: intOr(p.periodSeconds, Number.NaN, `${where}.policies[${i}].periodSeconds`) };
    });
  }
  return {
    stabilizationWindowSeconds: intOr(raw.stabilizationWindowSeconds, defaults.stabilizationWindowSeconds, `${where}.stabilizationWindowSeconds`),
    selectPolicy,
    policies,
    tolerance: numberOr(raw.tolerance, defaults.tolerance, `${where}.tolerance`),
  };
}

function metricTrigger(raw: unknown, where: string): MetricTrigger {
  if (!isObject(raw) || raw.type !== 'prometheus') throw new Error(`${where}: only prometheus triggers can be replayed, got ${JSON.stringify(isObject(raw) ? raw.type : raw)}`);
  const metadata = objectAt(raw, 'metadata', where);
  const query = String(metadata.query ?? '');
  const metricType = raw.metricType ?? 'AverageValue';
  if (metricType !== 'AverageValue' && metricType !== 'Value') throw new Error(`${where}.metricType: ${String(metricType)} cannot be replayed`);
  const threshold = numberOr(metadata.threshold, Number.NaN, `${where}.metadata.threshold`);
  if (threshold <= 0) throw new Error(`${where}.metadata.threshold must be above 0`);
  return {
    name: typeof raw.name === 'string' ? raw.name : where.replace(/^.* /, ''),
    query,
    signals: curveSignals(query, where),
    metricType,
    threshold,
    activationThreshold: numberOr(metadata.activationThreshold, 0, `${where}.metadata.activationThreshold`),
    useCachedMetrics: raw.useCachedMetrics === true || raw.useCachedMetrics === 'true',
  };
}

/**
 * The recorded series a query adds up. A query is a sum of terms (`max(a) + max(b)`), each one
 * aggregate of one gauge; the gauges are cluster-wide (every instance reports the same value),
 * so each term is the series itself. A term the curve has no series for stops the replay.
 */
function curveSignals(query: string, where: string): CurveSignal[] {
  return topLevelTerms(query).map((term) => {
    if (/claimq_queue_oldest_pending_age_seconds/.test(term)) return 'oldestPendingAgeS';
    const state = /claimq_queue_jobs\b.*state\s*=\s*"(\w+)"/.exec(term)?.[1];
    if (state === 'pending' || state === 'running') return state;
    throw new Error(`${where}: the recorded curve has no series for ${term.trim()} (in the query ${query})`);
  });
}

/** The query split on the `+` signs outside parentheses and braces. */
function topLevelTerms(query: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (c === '+' && depth === 0) {
      terms.push(query.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(query.slice(start));
  return terms;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(parent: Record<string, unknown>, key: string, where: string): Record<string, unknown> {
  const value = parent[key];
  if (!isObject(value)) throw new Error(`${where}: ${key} is missing`);
  return value;
}

/** A number from YAML (KEDA's trigger metadata are strings): `fallback` when absent; NaN fallback means required. */
function numberOr(value: unknown, fallback: number, where: string): number {
  if (value === undefined || value === null || value === '') {
    if (Number.isNaN(fallback)) throw new Error(`${where} is required`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${where}: ${JSON.stringify(value)} is not a number >= 0`);
  return n;
}

function intOr(value: unknown, fallback: number, where: string): number {
  const n = numberOr(value, fallback, where);
  if (!Number.isInteger(n)) throw new Error(`${where}: ${JSON.stringify(value)} is not a whole number`);
  return n;
}
