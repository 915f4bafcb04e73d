import { ManualClock } from '../../src/domain/clock';
import { newExecutionId } from '../../src/domain/execution';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { ExecutionRefresher } from '../../src/modules/executions/execution-refresher';
import { PostgresExecutionStatusWriter, RejectedExecution } from '../../src/modules/executions/execution-status.writer';
import { MemoryEngine } from '../../src/modules/queue/memory/memory-engine';
import { createHistoryDatabase } from '../support/postgres-database';

const Q = 'refused';

/**
 * A record PostgreSQL refuses (a NUL in a callback URL, written before the API refused them) is
 * set aside: the rest of its batch is written, it is reported once, and the refresh of its queue
 * goes on instead of retrying the same batch forever.
 */
describe('execution refresh with a record PostgreSQL refuses', () => {
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  let db: Awaited<ReturnType<typeof createHistoryDatabase>>;
  let store: MemoryEngine;
  let rejected: Array<{ queue: string; rejected: RejectedExecution[] }>;

  beforeAll(async () => {
    db = await createHistoryDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  beforeEach(() => {
    store = new MemoryEngine({ clock });
    rejected = [];
  });

  async function execution(callbackUrl?: string): Promise<string> {
    const id = newExecutionId(Q, clock.now());
    const spec = normalizeJobSpec({ type: 't', queue: Q, executionId: id }, { now: clock.now(), maxPayloadBytes: 1 << 20 });
    await store.executions.create({ id, queue: Q, ...(callbackUrl ? { callbackUrl } : {}) }, [spec]);
    return id;
  }

  const refresher = () =>
    new ExecutionRefresher(store.executions, store.jobs, new PostgresExecutionStatusWriter(async () => db.dataSource), clock, {
      refresherId: 'r1',
      batch: 100,
      maxPayloadBytes: 1 << 20,
      onRejected: (queue, items) => rejected.push({ queue, rejected: items }),
    });

  const stored = async (ids: string[]): Promise<string[]> =>
    (await db.dataSource.query(`SELECT id FROM executions WHERE id = ANY($1) ORDER BY id`, [ids])).map((r: { id: string }) => r.id);

  it('writes the rest of the batch, sets the refused one aside, and moves on', async () => {
    const good1 = await execution('http://127.0.0.1:9/ok');
    const bad = await execution('http://127.0.0.1:9/cb\u0000x');
    const good2 = await execution();
    await expect(refresher().refreshBatch(Q)).resolves.toHaveLength(3);
    await expect(stored([good1, bad, good2])).resolves.toEqual([good1, good2].sort());
    expect(rejected).toEqual([{ queue: Q, rejected: [{ id: bad, reason: expect.any(String) }] }]);
    await expect(store.executions.refreshBacklog(Q)).resolves.toEqual({ backlog: 0, inFlight: 0 });

    // the next change of another execution is refreshed at once; the refused one is not retried
    const { jobs } = await store.jobs.claim(Q, 'w', 1, 60_000);
    expect(jobs[0].job.executionId).toBe(good1);
    await store.jobs.complete(Q, [{ id: jobs[0].job.id, token: jobs[0].token }]);
    await expect(refresher().refreshBatch(Q)).resolves.toMatchObject([{ id: good1, status: 'succeeded' }]);
    const [row] = await db.dataSource.query(`SELECT status FROM executions WHERE id = $1`, [good1]);
    expect(row.status).toBe('succeeded');
    expect(rejected).toHaveLength(1);
  });
});
