import { ClaimqProcess, ensureBuilt, ProcessExit } from '../support/processes';
import { startPostgresServer, PostgresServer } from '../support/postgres-server';
import { RedisServer } from '../support/redis-server';

const GRACE_MS = 2_000;
/** The bound the README promises: SIGTERM ends the process within SHUTDOWN_GRACE_MS + 2 s. */
const EXIT_BOUND_MS = GRACE_MS + 2_000;

/**
 * SIGTERM ends the process within SHUTDOWN_GRACE_MS + 2 s whatever else is going on: idle or busy
 * (a job that outlasts the grace), Redis or PostgreSQL down, stdout and stderr closed by the
 * reader. Real processes (node dist/main.js), real signals, servers of the test's own.
 */
describe('shutdown on SIGTERM', () => {
  let processes: ClaimqProcess[] = [];
  let redis: RedisServer | undefined;
  let postgres: PostgresServer | undefined;

  beforeAll(() => ensureBuilt(), 180_000);

  afterEach(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    processes = [];
    await redis?.stop();
    redis = undefined;
    await postgres?.destroy();
    postgres = undefined;
  });

  async function start(env: Record<string, string>): Promise<ClaimqProcess> {
    const proc = await ClaimqProcess.start({ SHUTDOWN_GRACE_MS: String(GRACE_MS), ...env });
    processes.push(proc);
    await proc.waitForOutput(/listening on/);
    return proc;
  }

  /** The exit, or undefined when the process was still running EXIT_BOUND_MS after the signal. */
  async function exitWithinBound(proc: ClaimqProcess, afterSignal: () => void = () => undefined): Promise<ProcessExit | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), EXIT_BOUND_MS)));
    const exit = proc.stop('SIGTERM');
    afterSignal();
    try {
      return await Promise.race([exit, bound]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A job that runs far longer than the grace period, started and seen running. */
  async function busyWith(proc: ClaimqProcess): Promise<string> {
    const base = `http://127.0.0.1:${proc.port}`;
    const res = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'sleep', payload: { ms: 600_000 } }),
    });
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < 200; i++) {
      const job = (await (await fetch(`${base}/jobs/${id}`)).json()) as { status: string };
      if (job.status === 'running') return id;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${id} never ran:\n${proc.log}`);
  }

  it('idle: exits 0', async () => {
    const proc = await start({});
    await expect(exitWithinBound(proc)).resolves.toEqual({ code: 0, signal: null });
  }, 30_000);

  it('busy with a job that outlasts the grace period: exits 0', async () => {
    const proc = await start({});
    await busyWith(proc);
    await expect(exitWithinBound(proc)).resolves.toEqual({ code: 0, signal: null });
  }, 30_000);

  it('busy, with Redis gone before the signal: exits', async () => {
    redis = await RedisServer.start();
    const proc = await start({ JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'shutdown' });
    await busyWith(proc);
    await redis.kill();
    const exit = await exitWithinBound(proc);
    expect(exit?.signal ?? null).toBeNull();
    expect(exit).toBeDefined();
  }, 30_000);

  it('with history on and PostgreSQL gone before the signal: exits', async () => {
    postgres = await startPostgresServer();
    const proc = await start({ DATABASE_URL: postgres.url, DB_MIGRATE: 'true' });
    await busyWith(proc);
    await postgres.stop();
    const exit = await exitWithinBound(proc);
    expect(exit).toBeDefined();
    expect(exit?.signal ?? null).toBeNull();
  }, 60_000);

  it.each([
    ['idle', false],
    ['busy', true],
  ])('%s, with stdout and stderr closed by the reader right after the signal: exits 0', async (_state, busy) => {
    // the supervisor that sent SIGTERM exits at once: its ends of the pipes close while the
    // process still logs its shutdown (it used to spin rewriting that line on EPIPE, for ever)
    const proc = await start({});
    if (busy) await busyWith(proc);
    await expect(exitWithinBound(proc, () => proc.closeOutput())).resolves.toEqual({ code: 0, signal: null });
  }, 30_000);
});
