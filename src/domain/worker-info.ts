/**
 * What the worker registry shows about worker processes (GET /workers): the info each process
 * publishes with every heartbeat, and the record the reaper keeps of a worker it declared dead.
 * Plain TypeScript, shared by the stores, the worker runtime, the reaper and the API.
 */

/** What a worker process says about itself, once per heartbeat. */
export interface WorkerInfo {
  id: string;
  host: string;
  pid: number;
  /** claimq's version (package.json) the process runs. */
  version: string;
  /** When the process started claiming (epoch ms). */
  startedAt: number;
  queues: string[];
  /** total: WORKER_CONCURRENCY per queue, summed; busy: jobs running now. */
  slots: { busy: number; total: number };
  /** Leases it holds: running jobs and those whose result or release is still being recorded. */
  leasesHeld: number;
  /** A remote worker's language, as it names itself (docs/remote-workers.md); absent: an embedded claimq worker. */
  language?: string;
}

/** A worker's info as the registry holds it, with when it was last published (the store's clock). */
export interface PublishedWorker extends WorkerInfo {
  lastHeartbeatAt: number;
}

/** A worker whose leases the reaper returned because it went silent, in one queue. */
export interface DeadWorkerRecord {
  id: string;
  host: string | null;
  pid: number | null;
  queue: string;
  declaredDeadAt: number;
  /** Its last published heartbeat, when its info was still there to read. */
  lastHeartbeatAt: number | null;
  requeued: number;
  failed: number;
  cancelled: number;
  /** The first DEAD_WORKER_JOB_IDS of the jobs whose leases were returned. */
  jobIds: string[];
}

/** The dead workers kept, newest first. */
export const DEAD_WORKERS_KEPT = 100;
/** Job ids one dead-worker record keeps. */
export const DEAD_WORKER_JOB_IDS = 50;
/** The most live workers one listing returns (the freshest beats). */
export const LIVE_WORKERS_LISTED = 1_000;

/** Worker ids are `${hostname}-${pid}-${8 hex}` (worker-identity.ts); a host may hold '-'. */
const WORKER_ID_SHAPE = /^(.+)-(\d+)-[0-9a-f]{8}$/;

/** Host and pid read back from a worker id of the standard shape, or nulls (an embedding app's own id). */
export function hostAndPidOf(workerId: string): { host: string | null; pid: number | null } {
  const match = WORKER_ID_SHAPE.exec(workerId);
  if (!match) return { host: null, pid: null };
  const pid = Number(match[2]);
  return { host: match[1], pid: Number.isSafeInteger(pid) ? pid : null };
}

/** The stored form of a worker's info (the id is the key it is stored under). */
export function encodeWorkerInfo(info: WorkerInfo): string {
  const { id: _id, ...rest } = info;
  return JSON.stringify(rest);
}

/** A stored info back, or null when it is not one (damaged, or written by another version). */
export function decodeWorkerInfo(id: string, text: string | null | undefined): WorkerInfo | null {
  if (typeof text !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const { host, pid, version, startedAt, queues, slots, leasesHeld, language } = value;
  if (typeof host !== 'string' || !isCount(pid) || typeof version !== 'string' || !isCount(startedAt) || !isCount(leasesHeld)) return null;
  if (!Array.isArray(queues) || !queues.every((q) => typeof q === 'string')) return null;
  if (!isObject(slots) || !isCount(slots.busy) || !isCount(slots.total)) return null;
  const info: WorkerInfo = { id, host, pid, version, startedAt, queues, slots: { busy: slots.busy, total: slots.total }, leasesHeld };
  if (typeof language === 'string') info.language = language;
  return info;
}

export function encodeDeadWorker(record: DeadWorkerRecord): string {
  return JSON.stringify(record);
}

/** A stored dead-worker record back, or null when it is not one. */
export function decodeDeadWorker(text: string): DeadWorkerRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const { id, host, pid, queue, declaredDeadAt, lastHeartbeatAt, requeued, failed, cancelled, jobIds } = value;
  if (typeof id !== 'string' || typeof queue !== 'string' || !isCount(declaredDeadAt)) return null;
  if (!(host === null || typeof host === 'string') || !(pid === null || isCount(pid)) || !(lastHeartbeatAt === null || isCount(lastHeartbeatAt))) return null;
  if (!isCount(requeued) || !isCount(failed) || !isCount(cancelled)) return null;
  if (!Array.isArray(jobIds) || !jobIds.every((j) => typeof j === 'string')) return null;
  return { id, host, pid, queue, declaredDeadAt, lastHeartbeatAt, requeued, failed, cancelled, jobIds };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
