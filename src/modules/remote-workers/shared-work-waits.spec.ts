import { systemClock } from '../../domain/clock';
import { normalizeJobSpec } from '../../domain/job-spec';
import { MemoryEngine } from '../queue';
import { PollClaim, SharedWorkWaits } from './shared-work-waits';

const QUEUE = 'remote';

/** A memory engine whose waits and claims are counted: what 1,000 idle polls cost the store. */
function countedEngine(): { engine: MemoryEngine; waits: () => number; claims: () => number; inFlightWaits: () => number; maxInFlightWaits: () => number } {
  const engine = new MemoryEngine();
  let waits = 0;
  let claims = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const waitForWork = engine.jobs.waitForWork.bind(engine.jobs);
  engine.jobs.waitForWork = async (...args) => {
    waits++;
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      return await waitForWork(...args);
    } finally {
      inFlight--;
    }
  };
  const claim = engine.jobs.claim.bind(engine.jobs);
  engine.jobs.claim = async (...args) => {
    claims++;
    return claim(...args);
  };
  return { engine, waits: () => waits, claims: () => claims, inFlightWaits: () => inFlight, maxInFlightWaits: () => maxInFlight };
}

function enqueue(engine: MemoryEngine, count: number): Promise<unknown> {
  const now = Date.now();
  return engine.jobs.enqueue(Array.from({ length: count }, () => normalizeJobSpec({ type: 'send', queue: QUEUE }, { now, maxPayloadBytes: 1024 })));
}

describe('SharedWorkWaits', () => {
  it('holds one store wait for 1,000 polls of a queue, claims for none of them while nothing comes, and serves each job to one poll', async () => {
    const counted = countedEngine();
    const waits = new SharedWorkWaits(counted.engine.jobs, systemClock, 60_000);
    const taken: string[][] = [];
    const poll = (i: number): Promise<boolean> => {
      const mine: string[] = [];
      taken[i] = mine;
      const claim = async (): Promise<PollClaim> => {
        const result = await counted.engine.jobs.claim(QUEUE, `w${i}`, 1, 60_000);
        mine.push(...result.jobs.map((c) => c.job.id));
        return { taken: result.jobs.length, full: result.jobs.length === 1 && result.more === true, nextDueAt: result.nextDueAt };
      };
      return waits.wait(QUEUE, 30_000, claim);
    };
    const polls = Array.from({ length: 1_000 }, (_, i) => poll(i));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counted.maxInFlightWaits()).toBe(1);
    expect(counted.claims()).toBe(0);
    expect(waits.waiting(QUEUE)).toBe(true);

    await enqueue(counted.engine, 3);
    // three polls answer, with a job each; the wake cost one claim per job and one that found the queue empty
    const answered = await Promise.all(polls.slice(0, 3));
    expect(answered).toEqual([true, true, true]);
    expect(taken.slice(0, 3).map((ids) => ids.length)).toEqual([1, 1, 1]);
    expect(counted.claims()).toBeLessThanOrEqual(4);
    expect(counted.maxInFlightWaits()).toBe(1);
    expect(taken.slice(3).every((ids) => ids.length === 0)).toBe(true);

    waits.stop();
    await expect(Promise.all(polls.slice(3))).resolves.toEqual(Array.from({ length: 997 }, () => false));
  });

  it('ends a poll whose client left, and the store wait with the last poll', async () => {
    const counted = countedEngine();
    const waits = new SharedWorkWaits(counted.engine.jobs, systemClock, 60_000);
    const left = new AbortController();
    const poll = waits.wait(QUEUE, 30_000, async () => ({ taken: 0, full: false }), left.signal);
    expect(waits.waiting(QUEUE)).toBe(true);
    left.abort();
    await expect(poll).resolves.toBe(false);
    expect(waits.waiting(QUEUE)).toBe(false);
    waits.stop();
  });

  it('answers a poll with the error of its claim (the store is down)', async () => {
    const counted = countedEngine();
    const waits = new SharedWorkWaits(counted.engine.jobs, systemClock, 60_000);
    const poll = waits.wait(QUEUE, 30_000, async () => {
      throw new Error('store down');
    });
    await enqueue(counted.engine, 1);
    await expect(poll).rejects.toThrow('store down');
    waits.stop();
  });
});
