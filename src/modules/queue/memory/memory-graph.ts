import { enqueueDecision } from '../../../domain/job-lifecycle';
import { endedByParent, isParentEnd, parentEndStep, ParentEnd, reopenDecision, DEFAULT_PARENT_FAILURE_POLICY, upstreamError } from '../../../domain/job-graph';
import { JobEvent } from '../../../domain/job-event';
import { JobStatus } from '../../../domain/job';
import { event, finish } from './memory-job-transitions';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';

/**
 * Job dependencies in the memory engine, as src/lua/includes/graph.lua applies them: the ends
 * MemoryQueue.place noted (q.graphEnds) settle their children when the call's events are recorded
 * (MemoryState.record), in the same synchronous step and in the same order as the script's
 * worklist, so both engines write the same events.
 */

/** Settles the children of every job whose end was noted, and theirs in turn; their events go to `events`. Returns whether a job became pending. */
export function settleGraph(q: MemoryQueue, events: JobEvent[]): boolean {
  let woke = false;
  for (let i = 0; i < q.graphEnds.length; i++) {
    const { id, status, at } = q.graphEnds[i];
    const parent = q.jobs.get(id);
    const g = parent?.record.graph;
    if (!parent || !g || !isParentEnd(status)) continue;
    const key = g.key ?? id;
    for (const cid of g.childIds) {
      const child = q.jobs.get(cid);
      if (child && settleChild(q, child, key, status, status === 'succeeded' ? (parent.record.resultJson ?? 'null') : undefined, at, events, g.run)) woke = true;
    }
  }
  q.graphEnds.length = 0;
  return woke;
}

function settleChild(q: MemoryQueue, child: MemoryJobEntry, parentKey: string, end: ParentEnd, resultJson: string | undefined, now: number, events: JobEvent[], parentRun?: string): boolean {
  const g = child.record.graph;
  if (!g) return false;
  // a success settles the edge whatever the child's state (graph.lua: its result and count stay for a retry)
  if (end !== 'succeeded' && child.status !== 'blocked') return false;
  const step = q.graphCancels && end !== 'succeeded' ? 'cancel' : parentEndStep(end, g.onParentFailure ?? DEFAULT_PARENT_FAILURE_POLICY);
  if (step === 'satisfied') {
    if (resultJson !== undefined) g.parentResults.set(parentKey, resultJson);
    if (end === 'succeeded' && parentRun !== undefined) g.parentRuns.set(parentKey, parentRun);
    g.waitingOn -= 1;
    if (g.waitingOn > 0 || child.status !== 'blocked') return false;
    const { status, runAt } = enqueueDecision(child.record.runAt, now);
    child.record.runAt = runAt;
    finish(q, child, status, now);
    events.push(event(child, 'unblocked', now));
    return status === 'pending';
  }
  g.upstream = true;
  if (step === 'cancel') {
    finish(q, child, 'cancelled', now);
    events.push(event(child, 'cancelled', now));
    return false;
  }
  const err = upstreamError(parentKey, end);
  child.record.lastError = err;
  delete child.record.lastErrorStack;
  const status = step === 'fail' ? 'failed' : 'skipped';
  finish(q, child, status, now);
  events.push(event(child, status, now, { err }));
  return false;
}

/** reopenDecision over the job's parents as they stand (a parent gone after its retention counts as settled). */
export function reopenOf(q: MemoryQueue, entry: MemoryJobEntry): ReturnType<typeof reopenDecision> {
  const g = entry.record.graph;
  const statuses: JobStatus[] = [];
  for (const pid of g?.parentIds ?? []) {
    const parent = q.jobs.get(pid);
    if (parent) statuses.push(parent.status);
  }
  return reopenDecision(statuses, g?.onParentFailure ?? DEFAULT_PARENT_FAILURE_POLICY);
}

/**
 * A final job runs again with a fresh set of attempts (retry.lua's reopenJob): blocked on
 * `waitingOn` parents, or pending. Nothing of its earlier run stays but its error and run number.
 */
export function reopenJob(q: MemoryQueue, entry: MemoryJobEntry, waitingOn: number, now: number): JobEvent {
  const r = entry.record;
  r.attempts = 0;
  r.workerId = undefined;
  r.startedAt = undefined;
  r.runAt = now;
  r.cancelRequested = false;
  r.finishedAt = undefined;
  r.resultJson = undefined;
  if (r.graph) {
    r.graph.run = undefined;
    r.graph.upstream = false;
    r.graph.waitingOn = waitingOn;
  }
  finish(q, entry, waitingOn > 0 ? 'blocked' : 'pending', now);
  return event(entry, 'retried', now);
}

/** After job `id` ran again: the descendants its end had ended run again with it (retry.lua's reopenDescendants). */
export function reopenDescendants(q: MemoryQueue, id: string, now: number, events: JobEvent[]): void {
  const work = [id];
  for (let i = 0; i < work.length; i++) {
    for (const cid of q.jobs.get(work[i])?.record.graph?.childIds ?? []) {
      const child = q.jobs.get(cid);
      const g = child?.record.graph;
      if (!child || !g) continue;
      if (child.status === 'blocked') {
        g.waitingOn += 1;
      } else if (endedByParent(child.status, g.upstream)) {
        const decision = reopenOf(q, child);
        if (decision === 'stay') continue;
        events.push(reopenJob(q, child, decision.status === 'blocked' ? decision.waitingOn : 0, now));
        work.push(cid);
      }
    }
  }
}

/** An edge from a parent that had ended before its child was added (add-to-execution.lua): settled at once, as its end would have. */
export function settleEndedParent(q: MemoryQueue, child: MemoryJobEntry, parent: MemoryJobEntry, now: number, events: JobEvent[]): boolean {
  if (!isParentEnd(parent.status)) return false;
  const key = parent.record.graph?.key ?? parent.id;
  return settleChild(q, child, key, parent.status, parent.status === 'succeeded' ? (parent.record.resultJson ?? 'null') : undefined, now, events, parent.record.graph?.run);
}
