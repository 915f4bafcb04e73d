import { GraphConflictError } from './errors';
import { JobGraphNode, JobSpec, JobStatus, NewJob } from './job';

export { GraphConflictError };

/**
 * Job dependencies inside one execution: the graph a client sends, checked here, and every
 * decision about a job that waits on others. The memory engine calls these functions; the Lua
 * scripts make the same decisions (src/lua/includes/graph.lua), and the parity property test holds
 * the two to the same records and events.
 *
 * A job with parents enters `blocked`: it is in no claimable index and holds no lease. Each parent
 * that ends settles one of its edges (parentEndStep): a success (or, for a child whose policy is
 * `run`, any end) satisfies it, and the child becomes pending in the same atomic step that records
 * the parent's end once none is left; a failure, a cancel or a skip ends the child at once as its
 * policy says (`fail` -> failed, `skip` -> skipped), and the end flows on to its own children.
 */

export const PARENT_FAILURE_POLICIES = ['fail', 'skip', 'run'] as const;
export type ParentFailurePolicy = (typeof PARENT_FAILURE_POLICIES)[number];
export const DEFAULT_PARENT_FAILURE_POLICY: ParentFailurePolicy = 'fail';

/** Most dependency edges (dependsOn entries, summed) one execution may hold. */
export const MAX_EXECUTION_EDGES = 100_000;

/** A job's place in its execution's graph, as a client gives it (POST /executions). */
export interface GraphNodeSpec {
  key?: string;
  dependsOn?: string[];
}

/** A bad graph: `index` is the job's position in the request, `field` its field ('key', 'dependsOn'). */
export class GraphSpecError extends Error {
  constructor(
    readonly index: number,
    readonly field: 'key' | 'dependsOn' | 'idempotencyKey' | 'requiredBy',
    readonly reason: string,
  ) {
    super(`jobs[${index}].${field} ${reason}`);
  }
}

/** The graph of one execution by job position: each job's parents and children. */
export interface GraphPlan {
  parents: number[][];
  children: number[][];
  edges: number;
}

/**
 * Checks an execution's graph and indexes it: keys unique, every dependsOn naming a key of the
 * same execution (once, and not the job's own), at most MAX_EXECUTION_EDGES edges, and no cycle
 * (Kahn's algorithm: a job left unordered sits on one, and is named). Returns undefined when no job
 * has a dependsOn: a plain execution.
 */
export function planGraph(jobs: readonly GraphNodeSpec[], maxEdges = MAX_EXECUTION_EDGES, reportFrom = 0): GraphPlan | undefined {
  const byKey = new Map<string, number>();
  let edges = 0;
  jobs.forEach((job, i) => {
    if (job.key === undefined) return;
    if (byKey.has(job.key)) throw new GraphSpecError(i, 'key', `"${job.key}" is already the key of jobs[${byKey.get(job.key)}]`);
    byKey.set(job.key, i);
  });
  if (!jobs.some((j) => j.dependsOn !== undefined && j.dependsOn.length > 0)) return undefined;
  const parents: number[][] = jobs.map(() => []);
  const children: number[][] = jobs.map(() => []);
  jobs.forEach((job, i) => {
    const seen = new Set<string>();
    for (const key of job.dependsOn ?? []) {
      const p = byKey.get(key);
      if (p === undefined) throw new GraphSpecError(i, 'dependsOn', `names "${key}", which is the key of no job of this execution`);
      if (p === i) throw new GraphSpecError(i, 'dependsOn', `names the job's own key "${key}"`);
      if (seen.has(key)) throw new GraphSpecError(i, 'dependsOn', `names "${key}" twice`);
      seen.add(key);
      if (++edges > maxEdges) throw new GraphSpecError(i, 'dependsOn', `takes the execution past ${maxEdges} edges`);
      parents[i].push(p);
      children[p].push(i);
    }
  });
  const waiting = parents.map((p) => p.length);
  const ready = waiting.flatMap((n, i) => (n === 0 ? [i] : []));
  let ordered = 0;
  while (ready.length > 0) {
    const i = ready.pop() as number;
    ordered++;
    for (const c of children[i]) if (--waiting[c] === 0) ready.push(c);
  }
  if (ordered < jobs.length) {
    // a job left unordered sits on a cycle or after one; the first at or after reportFrom is named
    const unordered = waiting.findIndex((n, i) => n > 0 && i >= reportFrom);
    const onCycle = unordered >= 0 ? unordered : waiting.findIndex((n) => n > 0);
    throw new GraphSpecError(onCycle, 'dependsOn', `is part of a cycle (job "${jobs[onCycle].key ?? onCycle}" waits on itself through its parents)`);
  }
  return { parents, children, edges };
}

/** How a parent ended, as its children see it. */
export type ParentEnd = 'succeeded' | 'failed' | 'cancelled' | 'skipped';

export function isParentEnd(status: JobStatus): status is ParentEnd {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled' || status === 'skipped';
}

/**
 * What one parent's end does to a blocked child: 'satisfied' (one edge less to wait on; pending
 * when none is left), or the child's own end now: 'fail' (failed) or 'skip' (skipped).
 */
export function parentEndStep(end: ParentEnd, policy: ParentFailurePolicy): 'satisfied' | 'fail' | 'skip' {
  if (end === 'succeeded' || policy === 'run') return 'satisfied';
  return policy;
}

/** The error a child failed by its parent carries (policy `fail`). */
export function upstreamError(parentKey: string, end: ParentEnd): string {
  return `parent "${parentKey}" ${end}`;
}

/**
 * Where a graph job goes when it runs again (a retry through the API of it, or of an ancestor whose
 * end had ended it): with parents that have not ended -> blocked, waiting on those; all satisfied ->
 * pending; a parent whose end would end it again (failed, cancelled or skipped, policy not `run`)
 * -> it stays as it is ('stay'): retry that parent first.
 */
export type ReopenDecision = { status: 'blocked'; waitingOn: number } | { status: 'pending' } | 'stay';

export function reopenDecision(parentStatuses: readonly JobStatus[], policy: ParentFailurePolicy): ReopenDecision {
  let waitingOn = 0;
  for (const st of parentStatuses) {
    if (!isParentEnd(st)) waitingOn++;
    else if (parentEndStep(st, policy) !== 'satisfied') return 'stay';
  }
  return waitingOn > 0 ? { status: 'blocked', waitingOn } : { status: 'pending' };
}

/**
 * Whether a retried job's descendant runs again with it: one its parents' ends had ended (failed
 * by a parent, or skipped), not one that ran and failed by itself.
 */
export function endedByParent(status: JobStatus, upstream: boolean): boolean {
  return upstream && (status === 'failed' || status === 'skipped' || status === 'cancelled');
}

/**
 * Gives each job of an execution its place in the graph its specs describe (same order): its key,
 * its parents' keys and ids, its policy. Throws GraphSpecError for a bad graph. A job of a graph
 * takes no idempotency key of its own: the execution's key makes the whole graph idempotent, and a
 * job left out for its key would leave its children waiting on a job of another execution.
 */
export function attachGraph(specs: readonly Pick<JobSpec, 'key' | 'dependsOn' | 'onParentFailure' | 'idempotencyKey'>[], jobs: NewJob[]): void {
  const plan = planGraph(specs);
  // a plain execution (no key, dependsOn or policy anywhere): its jobs carry no graph
  if (!plan && specs.every((s) => s.key === undefined && s.onParentFailure === undefined)) return;
  specs.forEach((spec, i) => {
    if (plan && spec.idempotencyKey !== undefined) {
      throw new GraphSpecError(i, 'idempotencyKey', 'cannot be set on a job of an execution with dependsOn: give the execution an idempotencyKey instead');
    }
    const graph = graphNode(spec, (plan?.parents[i] ?? []).map((p) => jobs[p].id));
    if (Object.keys(graph).length > 0) jobs[i].graph = graph;
  });
}

/** A job's place in the graph: its key and policy as given, its parents' keys and ids when it has any. */
function graphNode(spec: Pick<JobSpec, 'key' | 'dependsOn' | 'onParentFailure'>, parentIds: string[], requiredByIds: string[] = []): JobGraphNode {
  const graph: JobGraphNode = {};
  if (spec.key !== undefined) graph.key = spec.key;
  if (parentIds.length > 0) {
    graph.dependsOn = spec.dependsOn ?? [];
    graph.parentIds = parentIds;
  }
  if (requiredByIds.length > 0) graph.requiredByIds = requiredByIds;
  if (spec.onParentFailure !== undefined) graph.onParentFailure = spec.onParentFailure;
  return graph;
}

/** A job of a running execution, as jobs added to it see it. */
export interface ExistingGraphNode {
  id: string;
  key?: string;
  status: JobStatus;
  dependsOn?: string[];
}

/** A job added to a running execution: its place as at creation, plus the existing jobs that must now also wait on it. */
export type AddedGraphJob = Pick<JobSpec, 'key' | 'dependsOn' | 'onParentFailure' | 'idempotencyKey'> & { requiredBy?: string[] };

/**
 * Places jobs added to a running execution (fan-out at run time) in its graph: the new jobs may
 * depend on existing jobs and on each other, and `requiredBy` names existing jobs that must now
 * also wait on the new one (a `merge` waiting on parts its `split` adds). The combined graph is
 * checked as at creation (keys unique across old and new, no cycle, limits); a `requiredBy`
 * target must still be blocked, or the addition is refused with GraphConflictError. Errors name
 * the added jobs by their position in `specs`.
 */
export function attachAddition(existing: readonly ExistingGraphNode[], specs: readonly AddedGraphJob[], jobs: NewJob[], maxJobs: number, maxEdges = MAX_EXECUTION_EDGES): void {
  const base = existing.length;
  if (base + specs.length > maxJobs) throw new GraphSpecError(0, 'key', `takes the execution past ${maxJobs} jobs (it holds ${base})`);
  const existingByKey = new Map<string, number>();
  existing.forEach((n, i) => n.key !== undefined && existingByKey.set(n.key, i));
  const gained: string[][] = existing.map(() => []);
  specs.forEach((spec, i) => {
    if (spec.idempotencyKey !== undefined) throw new GraphSpecError(i, 'idempotencyKey', 'cannot be set on a job added to an execution');
    if (spec.key !== undefined && existingByKey.has(spec.key)) throw new GraphSpecError(i, 'key', `"${spec.key}" is already the key of a job of this execution`);
    const seen = new Set<string>();
    for (const target of spec.requiredBy ?? []) {
      const at = existingByKey.get(target);
      if (at === undefined) throw new GraphSpecError(i, 'requiredBy', `names "${target}", which is the key of no job of this execution`);
      if (seen.has(target)) throw new GraphSpecError(i, 'requiredBy', `names "${target}" twice`);
      seen.add(target);
      if (spec.key === undefined) throw new GraphSpecError(i, 'key', 'is needed with requiredBy: the jobs that wait on this one name it');
      if (existing[at].status !== 'blocked') throw new GraphConflictError(`job "${target}" is ${existing[at].status}: it no longer waits, so it cannot wait on jobs[${i}] too`);
      gained[at].push(spec.key);
    }
  });
  const combined: GraphNodeSpec[] = [
    ...existing.map((n, i) => ({ key: n.key, dependsOn: [...(n.dependsOn ?? []), ...gained[i]] })),
    ...specs.map((s) => ({ key: s.key, dependsOn: s.dependsOn })),
  ];
  let plan: GraphPlan | undefined;
  try {
    plan = planGraph(combined, maxEdges, base);
  } catch (err) {
    if (err instanceof GraphSpecError && err.index >= base) throw new GraphSpecError(err.index - base, err.field, err.reason);
    if (err instanceof GraphSpecError) throw new GraphSpecError(0, 'dependsOn', `would put job "${existing[err.index].key ?? existing[err.index].id}" on a cycle`);
    throw err;
  }
  const idOf = (i: number): string => (i < base ? existing[i].id : jobs[i - base].id);
  specs.forEach((spec, i) => {
    const requiredBy = (spec.requiredBy ?? []).map((k) => existing[existingByKey.get(k)!].id);
    jobs[i].graph = graphNode(spec, (plan?.parents[base + i] ?? []).map(idOf), requiredBy);
  });
}
