import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL, uniqueTestPrefix } from '../support/redis-store-harness';
import { waitFor } from '../support/wait-for';

const ROOT = join(__dirname, '..', '..');
/** Debian's interpreter, not a pyenv shim: the client needs the standard library only. */
const PYTHON = '/usr/bin/python3';
/** The queues clients/python/tests/test_service.py uses, each as `<prefix>.<name>` (its QUEUE_NAMES). */
const QUEUE_NAMES = ['worker', 'stale', 'settle', 'fail', 'heartbeat', 'cancel', 'longpoll', 'stop', 'example', 'errors', 'large', 'cancelpoll'];
const SUITE_TIMEOUT_MS = 240_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function runPython(args: string[], env: Record<string, string>, timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(PYTHON, args, { cwd: ROOT, env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, signal: err?.signal ?? null, output: `${stdout}${stderr}` });
    });
  });
}

/** Waits until the process answers GET /health/ready with 200. */
async function waitReady(proc: ClaimqProcess): Promise<void> {
  const base = `http://127.0.0.1:${proc.port}`;
  await waitFor(
    'GET /health/ready to answer 200',
    async () => {
      if (!proc.running) throw new Error('claimq exited');
      return (await fetch(`${base}/health/ready`)).status === 200;
    },
    { timeoutMs: 30_000, describe: () => proc.log },
  );
}

/** Stops a claimq process: SIGTERM, then SIGKILL after 10 s. */
async function stopProcess(proc: ClaimqProcess): Promise<void> {
  const stopped = await Promise.race([proc.stop('SIGTERM'), new Promise((r) => setTimeout(r, 10_000, 'timeout'))]);
  if (stopped === 'timeout') await proc.kill();
}

/**
 * The Python client (clients/python) against a real claimq process on Redis: its unittest suite,
 * stub tests and service tests (claims, long polls, heartbeats, settles, the Worker, the example
 * worker and its SIGTERM drain), run with Debian's python3. MODE=api: the service's own workers
 * would otherwise claim the test queues' jobs (and hand them back, no handler for their types).
 * A second process, the same but with HEARTBEAT_MS=120000 and API keys on, is the cancel poll's:
 * no heartbeat tells a cancel there while the test runs, and its worker polls with a worker key.
 */
describe('Python client', () => {
  const prefix = uniqueTestPrefix();
  const longHeartbeatPrefix = uniqueTestPrefix();
  const queuePrefix = `py${randomBytes(4).toString('hex')}`;
  const writeKey = `py-write-${randomBytes(12).toString('hex')}`;
  const workerKey = `py-worker-${randomBytes(12).toString('hex')}`;
  let claimq: ClaimqProcess | undefined;
  let longHeartbeat: ClaimqProcess | undefined;

  beforeAll(async () => {
    ensureBuilt();
    const env = {
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      MODE: 'api',
      QUEUES: QUEUE_NAMES.map((name) => `${queuePrefix}.${name}`).join(','),
      SHUTDOWN_GRACE_MS: '2000',
    };
    claimq = await ClaimqProcess.start({ ...env, REDIS_PREFIX: prefix, HEARTBEAT_MS: '1000', LEASE_MS: '5000' });
    longHeartbeat = await ClaimqProcess.start({
      ...env,
      REDIS_PREFIX: longHeartbeatPrefix,
      HEARTBEAT_MS: '120000',
      API_KEYS: writeKey,
      API_KEYS_WORKER: `${workerKey}@${queuePrefix}.cancelpoll`,
    });
    await Promise.all([waitReady(claimq), waitReady(longHeartbeat)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([claimq, longHeartbeat].map((proc) => (proc ? stopProcess(proc) : undefined)));
    const admin = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await admin.connect();
      await deletePrefixedKeys(admin, prefix);
      await deletePrefixedKeys(admin, longHeartbeatPrefix);
    } finally {
      admin.disconnect();
    }
  }, 60_000);

  it('passes its unittest suite against the service', async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONUNBUFFERED: '1',
      CLAIMQ_URL: `http://127.0.0.1:${claimq!.port}`,
      CLAIMQ_LONG_HEARTBEAT_URL: `http://127.0.0.1:${longHeartbeat!.port}`,
      CLAIMQ_LONG_HEARTBEAT_API_KEY: writeKey,
      CLAIMQ_LONG_HEARTBEAT_WORKER_KEY: workerKey,
      CLAIMQ_TEST_PREFIX: queuePrefix,
    };
    const run = await runPython(['-m', 'unittest', 'discover', '-v', '-s', 'clients/python/tests'], env, SUITE_TIMEOUT_MS);
    const report =
      `python3 exited with ${run.code ?? run.signal}\n${run.output}\n--- claimq log (last 8 KB) ---\n${claimq!.log.slice(-8192)}` +
      `\n--- claimq with HEARTBEAT_MS=120000 (last 4 KB) ---\n${longHeartbeat!.log.slice(-4096)}`;
    expect(run.code, report).toBe(0);
    // every service test ran (none skipped, none missing)
    expect(run.output, report).toMatch(/^OK$/m);
    expect(run.output, report).not.toMatch(/skipped/);
    expect(run.output, report).toMatch(/test_a_long_poll_answers_as_soon_as_a_job_is_enqueued .* ok/);
    // HEARTBEAT_MS=120000: a job cancelled through POST /jobs/{id}/cancel is stopped by the Worker's
    // cancel poll, with its worker key, and ends cancelled
    expect(run.output, report).toMatch(/test_a_cancel_stops_the_job_through_the_poll_before_any_heartbeat .* ok/);
  }, SUITE_TIMEOUT_MS + 30_000);
});
