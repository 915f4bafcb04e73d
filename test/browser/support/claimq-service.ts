import { createRedisClient } from '../../../src/modules/queue/redis/redis-connection';
import { ClaimqProcess } from '../../support/processes';
import { createTestDatabase, TestDatabase } from '../../support/postgres-database';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../../support/redis-store-harness';
import { waitFor } from '../../support/wait-for';

const LISTENING = /claimq listening on/;
const WORKER_START = /worker (\S+) claiming from/;

export interface ServiceOptions {
  /** QUEUES of every process (default: `default`) */
  queues?: string[];
  /** API_KEYS: the dashboard then asks for one */
  apiKeys?: string[];
  /** API_KEYS_READONLY: keys that see everything and change nothing */
  readOnlyKeys?: string[];
  /** MODE of the first process (default `all`; `api`: only startWorker's processes run jobs) */
  mode?: 'all' | 'api';
  /** job history on a PostgreSQL database of the service's own (dropped at close) */
  history?: boolean;
  /** more env for every process */
  env?: Record<string, string>;
}

export interface StartedWorker {
  process: ClaimqProcess;
  /** the worker id it claims under (from its start line) */
  id: string;
  pid: number;
}

/**
 * The real service as OS processes for browser tests: `node dist/main.js` with MODE=all on the
 * shared Redis under a key prefix of its own, and (on request) job history in a database of its
 * own; extra MODE=worker processes on the same store. `close()` ends every process it started
 * (SIGKILL when needed), deletes its Redis keys and drops its database; call it in afterAll, so it
 * also runs when a test failed.
 */
export class ClaimqService {
  readonly prefix = uniqueTestPrefix();
  readonly processes: ClaimqProcess[] = [];
  private database?: TestDatabase;
  private main?: ClaimqProcess;

  constructor(private readonly options: ServiceOptions = {}) {}

  get queues(): string[] {
    return this.options.queues ?? ['default'];
  }

  /** The first API key, sent by api() (undefined: the service runs open). */
  get key(): string | undefined {
    return this.options.apiKeys?.[0];
  }

  get url(): string {
    if (!this.main) throw new Error('ClaimqService: not started');
    return `http://127.0.0.1:${this.main.port}`;
  }

  get dashboardUrl(): string {
    return `${this.url}/ui/`;
  }

  /** The env every process of this service shares: the store, its prefix, the queues, history. */
  private baseEnv(): Record<string, string> {
    const env: Record<string, string> = {
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: this.prefix,
      QUEUES: this.queues.join(','),
      ...(this.options.apiKeys ? { API_KEYS: this.options.apiKeys.join(',') } : {}),
      ...(this.options.readOnlyKeys ? { API_KEYS_READONLY: this.options.readOnlyKeys.join(',') } : {}),
      ...(this.database ? { DATABASE_URL: this.database.url } : {}),
      ...this.options.env,
    };
    return env;
  }

  async start(): Promise<this> {
    if (this.options.history) this.database = await createTestDatabase();
    const main = await ClaimqProcess.start({ MODE: this.options.mode ?? 'all', ...(this.database ? { DB_MIGRATE: 'true' } : {}), ...this.baseEnv() });
    this.processes.push(main);
    this.main = main;
    await main.waitForOutput(LISTENING, 60_000);
    return this;
  }

  /** Another worker process (MODE=worker) on the same store; its id and pid for kill scenarios. */
  async startWorker(env: Record<string, string> = {}): Promise<StartedWorker> {
    const process = await ClaimqProcess.start({ MODE: 'worker', ...this.baseEnv(), ...env });
    this.processes.push(process);
    await process.waitForOutput(WORKER_START, 60_000);
    return { process, id: WORKER_START.exec(process.log)![1], pid: process.pid! };
  }

  /** One REST call with the service's key; throws on a status other than 2xx (the body in the message). */
  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.key) headers.authorization = `Bearer ${this.key}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** POST /jobs: the new job's id. */
  async enqueue(spec: Record<string, unknown>): Promise<string> {
    return (await this.api<{ id: string }>('POST', '/jobs', spec)).id;
  }

  async enqueueMany(specs: Record<string, unknown>[]): Promise<string[]> {
    return (await this.api<{ ids: string[] }>('POST', '/jobs/bulk', { jobs: specs })).ids;
  }

  /** Polls GET /jobs/:id until the job is in `status`; returns the job. */
  waitForJob(id: string, status: string, timeoutMs = 30_000): Promise<{ id: string; status: string }> {
    return waitFor(
      `job ${id} ${status}`,
      async () => {
        const job = await this.api<{ id: string; status: string }>('GET', `/jobs/${encodeURIComponent(id)}`);
        return job.status === status ? job : undefined;
      },
      { timeoutMs, describe: () => this.logs() },
    );
  }

  /** Polls GET /queues until `check` holds for the queue's counts. */
  waitForCounts(queue: string, check: (counts: Record<string, number>) => boolean, timeoutMs = 30_000): Promise<Record<string, number>> {
    return waitFor(
      `counts of ${queue}`,
      async () => {
        const queues = await this.api<{ name: string; counts: Record<string, number> }[]>('GET', '/queues');
        const counts = queues.find((q) => q.name === queue)?.counts;
        return counts && check(counts) ? counts : undefined;
      },
      { timeoutMs, describe: () => this.logs() },
    );
  }

  logs(tail = 3000): string {
    return this.processes.map((p, i) => `--- process ${i} (pid ${p.pid})\n${p.log.slice(-tail)}`).join('\n');
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.kill()));
    const admin = createRedisClient(TEST_REDIS_URL);
    try {
      await deletePrefixedKeys(admin, this.prefix);
    } finally {
      admin.disconnect();
    }
    await this.database?.drop();
  }
}
