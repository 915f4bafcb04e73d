import { DEFAULT_BACKOFF, Job } from '../../src/domain/job';
import { ScheduleDefinition } from '../../src/domain/schedule';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { ClaimqProcess } from './processes';

/** A schedule's definition as the API would store it: every second, a `test` job, catchUp all. */
export function scheduleDefinition(queue: string, overrides: Partial<ScheduleDefinition> = {}): ScheduleDefinition {
  return {
    queue,
    everyMs: 1_000,
    timezone: 'UTC',
    job: { type: 'test', payloadJson: '{"n":1}', priority: 0, maxAttempts: 3, backoff: DEFAULT_BACKOFF, timeoutMs: 90_000 },
    overlap: 'allow',
    catchUp: 'all',
    maxCatchUp: 100,
    ...overrides,
  };
}

/** Every job of a queue, by listing it to the end. */
export async function allJobs(store: { admin: Pick<JobEngine['admin'], 'list'> }, queue: string): Promise<Job[]> {
  const jobs: Job[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.admin.list({ queue, limit: 1000, cursor });
    jobs.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return jobs;
}

/** PUT /schedules/:name on a running instance; anything but 201 (created) throws with the answer. */
export async function putSchedule(via: ClaimqProcess, name: string, body: object): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${via.port}/schedules/${name}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`PUT /schedules/${name}: ${res.status} ${await res.text()}`);
}
