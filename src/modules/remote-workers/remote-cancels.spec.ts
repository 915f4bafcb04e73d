import { newJobId } from '../../domain/job-id';
import { CancelRequested, Outbox } from '../queue';
import { CANCEL_KEPT_MS, CANCELS_KEPT_PER_WORKER, RemoteCancels } from './remote-cancels';

/** An outbox whose cancels the test sends (the store contract tests cover the real ones). */
function fakeOutbox(fail = 0): { outbox: Outbox; send: (cancel: CancelRequested) => void; subscribed: () => number } {
  let listener: ((cancel: CancelRequested) => void) | undefined;
  let tries = 0;
  const outbox = {
    onCancelRequested: async (l: (cancel: CancelRequested) => void) => {
      if (++tries <= fail) throw new Error('connection refused');
      listener = l;
      return async () => void (listener = undefined);
    },
  } as unknown as Outbox;
  return { outbox, send: (cancel) => listener?.(cancel), subscribed: () => (listener ? 1 : 0) };
}

/** Job ids by number (each queue's own), made as claimq makes them. */
const ids = new Map<string, string>();
const job = (n: number, queue = 'mail'): string => {
  const key = `${queue}/${n}`;
  if (!ids.has(key)) ids.set(key, newJobId(queue));
  return ids.get(key)!;
};

describe('RemoteCancels', () => {
  let cancels: RemoteCancels;
  afterEach(async () => {
    await cancels?.onModuleDestroy();
  });

  async function started(fail = 0) {
    const fake = fakeOutbox(fail);
    cancels = new RemoteCancels(fake.outbox);
    cancels.onApplicationBootstrap();
    await vi.waitFor(() => expect(cancels.listening).toBe(true));
    return fake;
  }

  it("answers a waiting poll with its worker's cancel, and keeps one heard between polls for the next, once", async () => {
    const { send } = await started();
    const waiting = cancels.wait('w1', 30_000);
    send({ jobId: job(1), workerId: 'w2', token: 3 });
    send({ jobId: job(2), workerId: 'w1', token: 4 });
    await expect(waiting).resolves.toEqual([{ id: job(2), token: 4 }]);
    send({ jobId: job(3), workerId: 'w1', token: 5 });
    send({ jobId: job(4), workerId: 'w1', token: 6 });
    await expect(cancels.wait('w1', 0)).resolves.toEqual([{ id: job(3), token: 5 }, { id: job(4), token: 6 }]);
    await expect(cancels.wait('w1', 0)).resolves.toEqual([]);
    await expect(cancels.wait('w2', 0)).resolves.toEqual([{ id: job(1), token: 3 }]);
    // from a process of an earlier version (the id alone): nobody to tell
    send({ jobId: job(5) });
    await expect(cancels.wait('w1', 0)).resolves.toEqual([]);
  });

  it(`keeps at most ${CANCELS_KEPT_PER_WORKER} cancels per worker (the oldest dropped), each for ${CANCEL_KEPT_MS / 1000} s`, async () => {
    await started();
    const t0 = Date.now();
    for (let n = 0; n <= CANCELS_KEPT_PER_WORKER; n++) cancels.heard({ jobId: job(n), workerId: 'w1', token: n }, t0);
    const kept = await cancels.wait('w1', 0);
    expect(kept).toHaveLength(CANCELS_KEPT_PER_WORKER);
    expect(kept[0]).toEqual({ id: job(1), token: 1 });
    cancels.heard({ jobId: job(7), workerId: 'w3', token: 7 }, Date.now() - CANCEL_KEPT_MS - 1);
    await expect(cancels.wait('w3', 0)).resolves.toEqual([]);
  });

  it("tells a worker key's poll only the cancels of its queues, leaving the others for a poll that may hear them", async () => {
    const { send } = await started();
    send({ jobId: job(1, 'billing'), workerId: 'w1', token: 1 });
    const scoped = cancels.wait('w1', 30_000, new Set(['mail']));
    send({ jobId: job(2, 'billing'), workerId: 'w1', token: 2 });
    send({ jobId: job(3, 'mail'), workerId: 'w1', token: 3 });
    await expect(scoped).resolves.toEqual([{ id: job(3, 'mail'), token: 3 }]);
    await expect(cancels.wait('w1', 0, '*')).resolves.toEqual([
      { id: job(1, 'billing'), token: 1 },
      { id: job(2, 'billing'), token: 2 },
    ]);
  });

  it('ends waiting polls with none when the client leaves, its time passes, or the process shuts down', async () => {
    await started();
    const gone = new AbortController();
    const left = cancels.wait('w1', 30_000, undefined, gone.signal);
    gone.abort();
    await expect(left).resolves.toEqual([]);
    await expect(cancels.wait('w1', 20)).resolves.toEqual([]);
    const open = cancels.wait('w1', 30_000);
    await cancels.onModuleDestroy();
    await expect(open).resolves.toEqual([]);
    await expect(cancels.wait('w1', 30_000)).resolves.toEqual([]);
  });

  it('listens again after listening failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fake = fakeOutbox(2);
      cancels = new RemoteCancels(fake.outbox);
      cancels.onApplicationBootstrap();
      await vi.advanceTimersByTimeAsync(0);
      expect(cancels.listening).toBe(false);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(cancels.listening).toBe(true);
      const waiting = cancels.wait('w1', 30_000);
      fake.send({ jobId: job(1), workerId: 'w1', token: 1 });
      await expect(waiting).resolves.toEqual([{ id: job(1), token: 1 }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
