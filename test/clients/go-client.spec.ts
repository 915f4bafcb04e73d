import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL } from '../support/redis-store-harness';

const GO_CLIENT_DIR = join(__dirname, '..', '..', 'clients', 'go');

/** The queues of clients/go/integration_test.go (integrationQueues there), after CLAIMQ_QUEUE_PREFIX. */
const GO_TEST_QUEUES = ['drain', 'protocol', 'fail', 'retry', 'cancel', 'poll', 'shutdown', 'lease', 'stale', 'example', 'keys', 'cancelpoll'];

/** `go test` of clients/go: compile, unit tests, and the live tests that run about 15 s. */
const GO_TEST_TIMEOUT_MS = 240_000;

interface GoTestRun {
  code: number | null;
  output: string;
}

function goTest(env: Record<string, string>): Promise<GoTestRun> {
  return new Promise((resolve) => {
    execFile(
      'go',
      ['test', '-count=1', './...'],
      {
        cwd: GO_CLIENT_DIR,
        timeout: GO_TEST_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 32 * 1024 * 1024,
        // GOCACHE and GOPATH stay at their defaults under $HOME; no module proxy is needed (no requires)
        env: { ...process.env, GOFLAGS: '', GOPROXY: 'off', GO111MODULE: 'on', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        const how = error && code === null ? `go test did not finish: ${error.message}\n` : '';
        resolve({ code, output: `${how}${stdout}${stderr}` });
      },
    );
  });
}

/** Stops a claimq process: SIGTERM, then SIGKILL after 10 s. */
async function stopProcess(proc: ClaimqProcess): Promise<void> {
  const stopped = await Promise.race([proc.stop('SIGTERM'), new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
  if (stopped === undefined) await proc.kill();
}

/**
 * The Go client (clients/go) against a real claimq: one `node dist/main.js` on Redis, serving only
 * the API (MODE=api, so that no embedded worker claims the Go tests' jobs), with a short lease,
 * heartbeat and reaper interval and API keys on (a write key, and a worker key for two queues);
 * a second one the same but with a heartbeat of two minutes, for the cancel poll's test (no
 * heartbeat tells the cancel there); then `go test ./...` with CLAIMQ_URL and
 * CLAIMQ_LONG_HEARTBEAT_URL pointing at them.
 */
describe('Go client against a real claimq process', () => {
  const redisPrefix = `gotest-${randomUUID()}`;
  const longHeartbeatPrefix = `gotest-${randomUUID()}`;
  const queuePrefix = `go-${randomUUID().slice(0, 8)}.`;
  const writeKey = `go-write-${randomUUID()}`;
  const workerKey = `go-worker-${randomUUID()}`;
  let proc: ClaimqProcess | undefined;
  let longHeartbeat: ClaimqProcess | undefined;

  beforeAll(async () => {
    ensureBuilt();
    const env = {
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      QUEUES: GO_TEST_QUEUES.map((q) => queuePrefix + q).join(','),
      API_KEYS: writeKey,
      API_KEYS_WORKER: `${workerKey}@${queuePrefix}keys|${queuePrefix}cancelpoll`,
    };
    proc = await ClaimqProcess.start({ ...env, REDIS_PREFIX: redisPrefix, HEARTBEAT_MS: '1000', LEASE_MS: '5000', REAPER_INTERVAL_MS: '1000' });
    longHeartbeat = await ClaimqProcess.start({ ...env, REDIS_PREFIX: longHeartbeatPrefix, HEARTBEAT_MS: '120000' });
    const ready = /listening on|Nest application successfully started/;
    await Promise.all([proc.waitForOutput(ready), longHeartbeat.waitForOutput(ready)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([proc, longHeartbeat].map((p) => (p ? stopProcess(p) : undefined)));
    const redis = createRedisClient(TEST_REDIS_URL);
    try {
      await deletePrefixedKeys(redis, redisPrefix);
      await deletePrefixedKeys(redis, longHeartbeatPrefix);
    } finally {
      redis.disconnect();
    }
  }, 30_000);

  it('passes go test ./... in clients/go', async () => {
    const run = await goTest({
      CLAIMQ_URL: `http://127.0.0.1:${proc!.port}`,
      CLAIMQ_LONG_HEARTBEAT_URL: `http://127.0.0.1:${longHeartbeat!.port}`,
      CLAIMQ_QUEUE_PREFIX: queuePrefix,
      CLAIMQ_API_KEY: writeKey,
      CLAIMQ_WORKER_KEY: workerKey,
    });
    const serverLog = `${proc!.log.slice(-4000)}\n--- claimq with HEARTBEAT_MS=120000 (tail) ---\n${longHeartbeat!.log.slice(-2000)}`;
    expect(run.code, `go test ./... failed:\n${run.output}\n--- claimq log (tail) ---\n${serverLog}`).toBe(0);
    expect(run.output).toMatch(/^ok\s+github\.com\/claimq\/claimq\/clients\/go\s/m);
  }, GO_TEST_TIMEOUT_MS + 10_000);
});
