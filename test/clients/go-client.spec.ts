import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL } from '../support/redis-store-harness';

const GO_CLIENT_DIR = join(__dirname, '..', '..', 'clients', 'go');

/** The queues of clients/go/integration_test.go (integrationQueues there), after CLAIMQ_QUEUE_PREFIX. */
const GO_TEST_QUEUES = ['drain', 'protocol', 'fail', 'retry', 'cancel', 'poll', 'shutdown', 'lease', 'stale', 'example', 'keys'];

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

/**
 * The Go client (clients/go) against a real claimq: one `node dist/main.js` on Redis, serving only
 * the API (MODE=api, so that no embedded worker claims the Go tests' jobs), with a short lease,
 * heartbeat and reaper interval and API keys on (a write key, and a worker key for one queue);
 * then `go test ./...` with CLAIMQ_URL pointing at it.
 */
describe('Go client against a real claimq process', () => {
  const redisPrefix = `gotest-${randomUUID()}`;
  const queuePrefix = `go-${randomUUID().slice(0, 8)}.`;
  const writeKey = `go-write-${randomUUID()}`;
  const workerKey = `go-worker-${randomUUID()}`;
  let proc: ClaimqProcess | undefined;

  beforeAll(async () => {
    ensureBuilt();
    proc = await ClaimqProcess.start({
      MODE: 'api',
      JOB_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      QUEUES: GO_TEST_QUEUES.map((q) => queuePrefix + q).join(','),
      HEARTBEAT_MS: '1000',
      LEASE_MS: '5000',
      REAPER_INTERVAL_MS: '1000',
      API_KEYS: writeKey,
      API_KEYS_WORKER: `${workerKey}@${queuePrefix}keys`,
    });
    await proc.waitForOutput(/listening on|Nest application successfully started/);
  }, 180_000);

  afterAll(async () => {
    if (proc) {
      const stopped = await Promise.race([proc.stop('SIGTERM'), new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
      if (stopped === undefined) await proc.kill();
    }
    const redis = createRedisClient(TEST_REDIS_URL);
    try {
      await deletePrefixedKeys(redis, redisPrefix);
    } finally {
      redis.disconnect();
    }
  }, 30_000);

  it('passes go test ./... in clients/go', async () => {
    const run = await goTest({
      CLAIMQ_URL: `http://127.0.0.1:${proc!.port}`,
      CLAIMQ_QUEUE_PREFIX: queuePrefix,
      CLAIMQ_API_KEY: writeKey,
      CLAIMQ_WORKER_KEY: workerKey,
    });
    const serverLog = proc!.log.slice(-4000);
    expect(run.code, `go test ./... failed:\n${run.output}\n--- claimq log (tail) ---\n${serverLog}`).toBe(0);
    expect(run.output).toMatch(/^ok\s+github\.com\/claimq\/claimq\/clients\/go\s/m);
  }, GO_TEST_TIMEOUT_MS + 10_000);
});
