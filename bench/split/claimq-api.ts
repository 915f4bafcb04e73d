/** The calls bench:split makes to claimq's HTTP API (as any client would). */

export const QUEUE = 'default';

export interface JobRequest {
  type: string;
  queue?: string;
  payload?: unknown;
  priority?: number;
}

export interface QueueCounts {
  pending: number;
  scheduled: number;
  running: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

async function post(url: string, body: unknown, expected: number): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== expected) throw new Error(`POST ${url}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return res.json();
}

/** POST /jobs/bulk (at most MAX_BULK_JOBS, 1,000): all or nothing. */
export async function enqueueBulk(endpoint: string, jobs: JobRequest[]): Promise<void> {
  await post(`${endpoint}/jobs/bulk`, { jobs: jobs.map((j) => ({ queue: QUEUE, ...j })) }, 201);
}

export async function enqueueOne(endpoint: string, job: JobRequest): Promise<string> {
  const created = (await post(`${endpoint}/jobs`, { queue: QUEUE, ...job }, 201)) as { id: string };
  return created.id;
}

/** GET /queues: the queue's counts, summed over its partitions. */
export async function queueCounts(endpoint: string): Promise<QueueCounts> {
  const res = await fetch(`${endpoint}/queues`, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`GET ${endpoint}/queues: ${res.status}`);
  const queues = (await res.json()) as { name: string; counts: QueueCounts }[];
  const queue = queues.find((q) => q.name === QUEUE);
  if (!queue) throw new Error(`GET /queues has no queue ${QUEUE}`);
  return queue.counts;
}

/** An `http` job that GETs `url` (the bench's loopback target). */
export function httpJob(url: string, priority?: number): JobRequest {
  return { type: 'http', payload: { url, method: 'GET' }, ...(priority === undefined ? {} : { priority }) };
}

/** The built-in `sleep` job: holds a slot for `ms`, no CPU, no call. */
export function sleepJob(ms: number): JobRequest {
  return { type: 'sleep', payload: { ms } };
}
