import { silentLogger, waitFor } from '../../../test/support/worker-harness';
import { ClaimResult, JobQueue } from '../queue';
import { ClaimLoop, SIGNALLED_IDLE_WAIT_MS } from './claim-loop';

const NOW = 1_000_000;

/**
 * A queue with nothing to claim; each waitForWork is kept, to be ended by its signal only.
 * `signals`: the loop hears the store's signals (hearsWork) and signalsWork answers with it.
 */
function idleQueue(nextDueAt?: number, signals?: { hears: boolean; sends: () => Promise<boolean> }) {
  const waits: { timeoutMs: number; signal: AbortSignal }[] = [];
  let claims = 0;
  let releaseClaim: (() => void) | undefined;
  let holdClaims = false;
  const jobs = {
    claim: async (): Promise<ClaimResult> => {
      claims++;
      if (holdClaims) await new Promise<void>((resolve) => (releaseClaim = resolve));
      return { jobs: [], nextDueAt };
    },
    waitForWork: (_queue: string, timeoutMs: number, signal: AbortSignal) => {
      waits.push({ timeoutMs, signal });
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    },
    signalsWork: signals?.sends,
  } as unknown as JobQueue;
  const loop = new ClaimLoop('default', {
    jobs,
    workerId: 'w-1',
    concurrency: 2,
    leaseMs: 30_000,
    clock: { now: () => NOW },
    logger: silentLogger,
    maxIdleWaitMs: 60_000,
    active: () => 0,
    run: () => undefined,
    hearsWork: signals ? () => signals.hears : undefined,
  });
  return {
    loop,
    waits,
    claims: () => claims,
    holdClaims: () => (holdClaims = true),
    releaseClaim: () => {
      holdClaims = false;
      releaseClaim?.();
    },
  };
}

describe('ClaimLoop nudge', () => {
  it('leaves an idle wait alone when the retry cannot be due before the wait ends', async () => {
    const q = idleQueue();
    q.loop.start();
    await waitFor(() => q.waits.length === 1, 'the idle wait');
    q.loop.nudge(NOW + 60_000);
    q.loop.nudge(NOW + 90_000);
    expect(q.waits[0].signal.aborted).toBe(false);
    expect(q.claims()).toBe(1);
    await q.loop.stop();
  });

  it('ends an idle wait and claims again when the retry may be due before the wait ends', async () => {
    const q = idleQueue();
    q.loop.start();
    await waitFor(() => q.waits.length === 1, 'the idle wait');
    q.loop.nudge(NOW + 59_999);
    expect(q.waits[0].signal.aborted).toBe(true);
    await waitFor(() => q.waits.length === 2, 'the next idle wait');
    expect(q.claims()).toBe(2);
    q.loop.nudge(); // due time unknown: maybe now
    expect(q.waits[1].signal.aborted).toBe(true);
    await q.loop.stop();
  });

  it('waits no longer than the due time of a retry nudged while a claim was in flight', async () => {
    const q = idleQueue(NOW + 30_000);
    q.holdClaims();
    q.loop.start();
    await waitFor(() => q.claims() === 1, 'the claim in flight');
    q.loop.nudge(NOW + 2_000);
    q.releaseClaim();
    await waitFor(() => q.waits.length === 1, 'the idle wait');
    expect(q.waits[0].timeoutMs).toBe(2_000);
    expect(q.claims()).toBe(1);
    await q.loop.stop();
  });

  it('claims again at once for a retry nudged during a claim that may be due already', async () => {
    const q = idleQueue();
    q.holdClaims();
    q.loop.start();
    await waitFor(() => q.claims() === 1, 'the claim in flight');
    q.loop.nudge(NOW);
    q.releaseClaim();
    await waitFor(() => q.waits.length === 1, 'the idle wait');
    expect(q.claims()).toBe(2);
    await q.loop.stop();
  });
});

describe('ClaimLoop waiting on the store signals', () => {
  /** An idle queue whose store may signal `work`: signalsWork answers at once, or, held, when the test calls its entry of `asked`. */
  function signalledQueue(opts: { hears: boolean; signals: boolean; holdAnswer?: boolean; nextDueAt?: number }) {
    const asked: Array<() => void> = [];
    const sends = () =>
      new Promise<boolean>((resolve) => {
        asked.push(() => resolve(opts.signals));
        if (!opts.holdAnswer) asked.shift()!();
      });
    return { ...idleQueue(opts.nextDueAt, { hears: opts.hears, sends }), asked };
  }

  it('waits on the signals, not on the store, where the store sends them and they are heard; a nudge ends the wait', async () => {
    const q = signalledQueue({ hears: true, signals: true });
    q.loop.start();
    await waitFor(() => (q.loop as unknown as { idleUntil: number }).idleUntil === NOW + SIGNALLED_IDLE_WAIT_MS, 'the signalled wait');
    expect(q.waits).toHaveLength(0);
    expect(q.claims()).toBe(1);
    q.loop.nudge();
    await waitFor(() => q.claims() === 2, 'the claim after the nudge');
    expect(q.waits).toHaveLength(0);
    await q.loop.stop();
  });

  it('waits no longer than the next due time on the signals either', async () => {
    const q = signalledQueue({ hears: true, signals: true, nextDueAt: NOW + 1_000 });
    q.loop.start();
    await waitFor(() => (q.loop as unknown as { idleUntil: number }).idleUntil === NOW + 1_000, 'the signalled wait until the due time');
    expect(q.waits).toHaveLength(0);
    await q.loop.stop();
  });

  it('waits on the store where the store sends no signal for the queue, or while they are not heard', async () => {
    for (const opts of [
      { hears: true, signals: false },
      { hears: false, signals: true },
    ]) {
      const q = signalledQueue(opts);
      q.loop.start();
      await waitFor(() => q.waits.length === 1, 'the store wait');
      expect(q.waits[0].timeoutMs).toBe(60_000);
      await q.loop.stop();
    }
  });

  it('claims again for a nudge that comes while the wait is being set up', async () => {
    const q = signalledQueue({ hears: true, signals: true, holdAnswer: true });
    q.loop.start();
    await waitFor(() => q.asked.length === 1, 'the question whether the store signals');
    q.loop.nudge();
    q.asked.shift()!();
    await waitFor(() => q.claims() === 2, 'the claim after the nudge');
    const stopped = q.loop.stop();
    await waitFor(() => q.asked.length === 1, 'the next question');
    q.asked.shift()!();
    await stopped;
  });
});
