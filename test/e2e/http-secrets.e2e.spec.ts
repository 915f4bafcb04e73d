import { createHash, randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { eventually } from '../support/eventually';
import { createTestDatabase, TestDatabase } from '../support/postgres-database';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, listPrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';

const newKey = (): string => randomBytes(32).toString('base64');
const keyId = (key: string): string => createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

interface Call {
  path: string;
  authorization?: string;
  apiKey?: string;
  body: string;
}

/**
 * Secret headers of `http` jobs, end to end on the built service (node dist/main.js) with Redis,
 * PostgreSQL history and logs at trace: the worker sends them, and their bytes are nowhere else:
 * not in an API response, a callback body, a log line, any Redis key of the run, or any history row.
 * Keys rotate: a job sealed under the old key runs after the new key is put first, and fails with
 * the key named (not the value) once the old key is dropped.
 */
describe('secret headers of http jobs (the built service, Redis, PostgreSQL)', () => {
  const prefix = uniqueTestPrefix();
  const [oldKey, currentKey] = [newKey(), newKey()];
  // each job gets secrets of its own, so a leak names the job
  const secrets: string[] = [];
  const secretPair = (): { Authorization: string; 'X-Api-Key': string } => {
    const pair = { Authorization: `Bearer sk_live_${randomBytes(16).toString('hex')}`, 'X-Api-Key': `key_${randomBytes(16).toString('hex')}` };
    secrets.push(pair.Authorization, pair['X-Api-Key']);
    return pair;
  };
  const calls: Call[] = [];
  const responses: string[] = [];
  const processes: ClaimqProcess[] = [];
  let receiver: Server;
  let target: string;
  let db: TestDatabase;
  let redis: Redis;
  let flakyCalls = 0;

  beforeAll(async () => {
    ensureBuilt();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = req.url ?? '/';
        calls.push({ path, authorization: req.headers.authorization, apiKey: req.headers['x-api-key'] as string | undefined, body });
        if (path === '/flaky' && flakyCalls++ === 0) return void res.writeHead(400).end('not yet');
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"charged":true}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    db = await createTestDatabase();
    redis = new Redis(TEST_REDIS_URL);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await deletePrefixedKeys(redis, prefix);
    redis.disconnect();
    await db?.drop();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  async function start(env: Record<string, string>): Promise<ClaimqProcess> {
    const proc = await ClaimqProcess.start({
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      DATABASE_URL: db.url,
      DB_MIGRATE: 'true',
      LOG_LEVEL: 'trace',
      REFRESH_INTERVAL_MS: '100',
      ...env,
    });
    processes.push(proc);
    await proc.waitForOutput(/claimq listening/, 60_000);
    return proc;
  }

  /** Calls the API of `proc`, keeping the response text for the final search. */
  async function api(proc: ClaimqProcess, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`http://127.0.0.1:${proc.port}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    responses.push(text);
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }

  async function waitForStatus(proc: ClaimqProcess, id: string, status: string): Promise<any> {
    return eventually(async () => {
      const { json } = await api(proc, 'GET', `/jobs/${id}`);
      expect(json.status).toBe(status);
      return json;
    }, 20_000);
  }

  it('sends them, shows them redacted, keeps retry, cancel and executions working, rotates keys, and leaves their bytes nowhere else', async () => {
    // 1. sealed under the old key by an API-only instance: nothing runs them yet
    const before = await start({ MODE: 'api', QUEUES: 'q,gone', SECRETS_KEYS: oldKey });
    const rotatedHeaders = secretPair();
    const rotated = await api(before, 'POST', '/jobs', { type: 'http', queue: 'q', payload: { url: `${target}/rotated`, headers: rotatedHeaders } });
    const droppedHeaders = secretPair();
    const dropped = await api(before, 'POST', '/jobs', { type: 'http', queue: 'gone', payload: { url: `${target}/dropped`, headers: droppedHeaders } });
    expect([rotated.status, dropped.status]).toEqual([201, 201]);
    await before.stop();

    // 2. the new key first, the old one still there to open what it sealed
    const proc = await start({ MODE: 'all', QUEUES: 'q', SECRETS_KEYS: `${currentKey},${oldKey}` });
    const chargeHeaders = { ...secretPair(), 'X-Trace': 'visible' };
    const created = await api(proc, 'POST', '/jobs', { type: 'http', queue: 'q', payload: { url: `${target}/charge`, headers: chargeHeaders, body: { amount: 5 } }, callbackUrl: `${target}/callback` });
    expect(created.status).toBe(201);
    expect(created.json.payload.headers).toEqual({ Authorization: '[redacted]', 'X-Api-Key': '[redacted]', 'X-Trace': 'visible' });
    const charged = await waitForStatus(proc, created.json.id, 'succeeded');
    expect(charged.result).toEqual({ status: 200, body: { charged: true } });
    expect(charged.payload.headers.Authorization).toBe('[redacted]');
    await waitForStatus(proc, rotated.json.id, 'succeeded');

    // retry: fails on the first call, runs again after POST /retry with its secrets intact
    const flakyHeaders = secretPair();
    const flaky = await api(proc, 'POST', '/jobs', { type: 'http', queue: 'q', payload: { url: `${target}/flaky`, headers: flakyHeaders } });
    await waitForStatus(proc, flaky.json.id, 'failed');
    const retried = await api(proc, 'POST', `/jobs/${flaky.json.id}/retry`);
    expect(retried.json.payload.headers).toEqual({ Authorization: '[redacted]', 'X-Api-Key': '[redacted]' });
    await waitForStatus(proc, flaky.json.id, 'succeeded');

    // cancel of a scheduled job
    const later = await api(proc, 'POST', '/jobs', { type: 'http', queue: 'q', delayMs: 600_000, payload: { url: `${target}/never`, headers: secretPair() } });
    const cancelled = await api(proc, 'POST', `/jobs/${later.json.id}/cancel`);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', payload: { headers: { Authorization: '[redacted]' } } });

    // an execution of jobs with secrets, listed through the execution
    const executionHeaders = [secretPair(), secretPair()];
    const execution = await api(proc, 'POST', '/executions', { jobs: executionHeaders.map((headers, i) => ({ type: 'http', queue: 'q', payload: { url: `${target}/execution/${i}`, headers } })) });
    await eventually(async () => expect((await api(proc, 'GET', `/executions/${execution.json.id}`)).json.status).toBe('succeeded'), 20_000);
    const executionJobs = await api(proc, 'GET', `/executions/${execution.json.id}/jobs`);
    expect(executionJobs.json.items.map((j: any) => j.payload.headers)).toEqual([
      { Authorization: '[redacted]', 'X-Api-Key': '[redacted]' },
      { Authorization: '[redacted]', 'X-Api-Key': '[redacted]' },
    ]);

    // listing, attempts, the job's callback
    const listed = await api(proc, 'GET', '/jobs?queue=q&limit=100');
    const listedWithHeaders = listed.json.items.filter((j: any) => j.payload?.headers?.Authorization);
    expect(listedWithHeaders.length).toBeGreaterThanOrEqual(6);
    expect(listedWithHeaders.every((j: any) => j.payload.headers.Authorization === '[redacted]')).toBe(true);
    await api(proc, 'GET', `/jobs/${created.json.id}/attempts`);
    const callback = await eventually(() => {
      const found = calls.find((c) => c.path === '/callback');
      expect(found).toBeDefined();
      return found!;
    }, 20_000);
    expect(JSON.parse(callback.body)).toMatchObject({ id: created.json.id, payload: { headers: { Authorization: '[redacted]', 'X-Api-Key': '[redacted]' } } });

    // what is stored now is sealed under the new key, never the old
    const storedPayload = await redis.hget(`${prefix}:{q}:job:${created.json.id}`, 'pl');
    expect(storedPayload).toContain(`claimq-secret:v1:${keyId(currentKey)}:`);
    expect(storedPayload).not.toContain(keyId(oldKey));

    // every call carried exactly the secrets of its job
    const sent = (path: string): Call | undefined => calls.find((c) => c.path === path);
    expect(sent('/charge')).toMatchObject({ authorization: chargeHeaders.Authorization, apiKey: chargeHeaders['X-Api-Key'] });
    expect(sent('/rotated')).toMatchObject({ authorization: rotatedHeaders.Authorization, apiKey: rotatedHeaders['X-Api-Key'] });
    expect(calls.filter((c) => c.path === '/flaky').map((c) => c.authorization)).toEqual([flakyHeaders.Authorization, flakyHeaders.Authorization]);
    expect([sent('/execution/0')?.authorization, sent('/execution/1')?.authorization]).toEqual(executionHeaders.map((h) => h.Authorization));
    expect(sent('/callback')?.authorization).toBeUndefined();
    expect(sent('/never')).toBeUndefined();

    // 3. the old key dropped: its job fails at once, naming the key
    const after = await start({ MODE: 'all', QUEUES: 'gone', SECRETS_KEYS: currentKey });
    const failed = await waitForStatus(after, dropped.json.id, 'failed');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBe(`POST ${target}/dropped: header Authorization: sealed with key ${keyId(oldKey)}, which SECRETS_KEYS does not hold`);
    expect(sent('/dropped')).toBeUndefined();

    // history has caught up with every job before the search
    const pg = new DataSource({ type: 'postgres', url: db.url });
    await pg.initialize();
    try {
      const ids = [created, rotated, flaky, later, dropped].map((r) => r.json.id as string);
      await eventually(async () => {
        const rows: { n: number }[] = await pg.query(`SELECT count(*)::int AS n FROM job_records WHERE id = ANY($1) AND status IN ('succeeded', 'failed', 'cancelled')`, [ids]);
        expect(rows[0].n).toBe(ids.length);
      }, 30_000);
      await proc.stop();
      await after.stop();

      // the search: every secret's bytes, and their base64 (an unencrypted wrap would hold that)
      const needles = secrets.flatMap((s) => [s, Buffer.from(s).toString('base64url'), Buffer.from(s).toString('base64')]);
      const found = (where: string, text: string): string[] => needles.filter((n) => text.includes(n)).map(() => where);

      const leaks: string[] = [];
      for (const text of responses) leaks.push(...found('an API response', text));
      for (const call of calls.filter((c) => c.path === '/callback')) leaks.push(...found('a callback body', call.body));
      for (const p of processes) leaks.push(...found('the logs', p.log));

      const keys = await listPrefixedKeys(redis, prefix);
      expect(keys.length).toBeGreaterThan(5);
      for (const key of keys) {
        const dump = await redis.dumpBuffer(key);
        leaks.push(...found(`DUMP ${key}`, dump?.toString('latin1') ?? ''));
        leaks.push(...found(`${key}`, JSON.stringify(await readKey(redis, key))));
      }
      const tables = ((await pg.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as { tablename: string }[]).map((r) => r.tablename);
      expect(tables).toEqual(expect.arrayContaining(['job_records', 'job_attempts', 'executions']));
      for (const table of tables) {
        const rows: { row: string }[] = await pg.query(`SELECT t::text AS row FROM "${table}" t`);
        for (const { row } of rows) leaks.push(...found(`a row of ${table}`, row));
      }
      expect(leaks).toEqual([]);
      // the searches above can find: the receiver holds the secrets it was sent
      expect(found('the receiver', JSON.stringify(calls)).length).toBeGreaterThan(0);
    } finally {
      await pg.destroy();
    }
  }, 180_000);
});

/** A key's whole content, whatever its type. */
async function readKey(redis: Redis, key: string): Promise<unknown> {
  switch (await redis.type(key)) {
    case 'hash':
      return redis.hgetall(key);
    case 'stream':
      return redis.xrange(key, '-', '+');
    case 'zset':
      return redis.zrange(key, 0, -1, 'WITHSCORES');
    case 'set':
      return redis.smembers(key);
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'string':
      return redis.get(key);
    default:
      return null;
  }
}
