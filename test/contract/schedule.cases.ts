import { ScheduleDefinition } from '../../src/domain/schedule';
import { ClaimedSchedule, ScheduleSettlement } from '../../src/modules/queue/schedule-store';
import { QUEUE } from './contract-fixtures';
import { StoreHarness } from './store-harness';
import { scheduleDefinition } from '../support/schedules';

const LEASE = 5_000;

const definition = (overrides: Partial<ScheduleDefinition> = {}) => scheduleDefinition(QUEUE, { job: { ...scheduleDefinition(QUEUE).job, payloadJson: '{"a":1}' }, ...overrides });

function settlement(c: ClaimedSchedule, overrides: Partial<ScheduleSettlement> = {}): ScheduleSettlement {
  const at = c.schedule.nextAt!;
  return { name: c.schedule.name, token: c.token, version: c.schedule.version, nextAt: at + 1_000, runs: [{ fireAt: at, jobId: `job-${at}` }], fired: 1, skipped: 0, missed: 0, ...overrides };
}

/** The ScheduleStore every JobEngine carries (schedule-store.ts): the index, claims, fencing and runs. */
export function describeScheduleCases(current: () => StoreHarness): void {
  describe('schedules', () => {
    it('creates, reads and replaces a schedule, keeping its runs and counters', async () => {
      const h = current();
      const now = h.clock.now();
      const first = await h.store.schedules.put('nightly', definition(), now + 1_000, false);
      expect(first.created).toBe(true);
      expect(first.schedule).toMatchObject({ name: 'nightly', paused: false, nextAt: now + 1_000, version: 1, fired: 0, createdAt: now });
      expect(first.schedule.definition).toEqual(definition());

      h.clock.advance(1_000);
      const { claimed } = await h.store.schedules.claimDue(10, LEASE);
      await h.store.schedules.settle([settlement(claimed[0])]);

      h.clock.advance(10);
      const replaced = await h.store.schedules.put('nightly', definition({ everyMs: 5_000 }), now + 9_000, false);
      expect(replaced.created).toBe(false);
      expect(replaced.schedule).toMatchObject({ version: 2, nextAt: now + 9_000, fired: 1, createdAt: now, updatedAt: now + 1_010 });
      const read = await h.store.schedules.get('nightly');
      expect(read?.definition.everyMs).toBe(5_000);
      expect(read?.runs).toEqual([{ fireAt: now + 1_000, jobId: `job-${now + 1_000}` }]);
      expect(read?.lastJobId).toBe(`job-${now + 1_000}`);
      await expect(h.store.schedules.get('absent')).resolves.toBeNull();
    });

    it('claims only due schedules, earliest first, at most max, and holds each for its lease', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('late', definition(), now + 3_000, false);
      await h.store.schedules.put('b', definition(), now + 200, false);
      await h.store.schedules.put('a', definition(), now + 100, false);
      await h.store.schedules.put('c', definition(), now + 300, false);
      h.clock.advance(300);

      const first = await h.store.schedules.claimDue(2, LEASE);
      expect(first.claimed.map((c) => c.schedule.name)).toEqual(['a', 'b']);
      expect(first.nextDueAt).toBe(now + 300);
      const second = await h.store.schedules.claimDue(10, LEASE);
      expect(second.claimed.map((c) => c.schedule.name)).toEqual(['c']);
      expect(second.nextDueAt).toBe(now + 3_000);
      // held: not claimed again before the lease ends
      await expect(h.store.schedules.claimDue(10, LEASE)).resolves.toMatchObject({ claimed: [] });
      expect(new Set([...first.claimed, ...second.claimed].map((c) => c.token)).size).toBe(3);
    });

    it('hands a schedule whose claimer died to the next claimer after the lease, and fences the first out', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [dead] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      h.clock.advance(LEASE - 1);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [] });
      h.clock.advance(1);
      const [live] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      expect(live.schedule.nextAt).toBe(now);
      expect(live.token).not.toBe(dead.token);

      await expect(h.store.schedules.settle([settlement(dead, { nextAt: now + 1_000 })])).resolves.toEqual(['stale']);
      await expect(h.store.schedules.settle([settlement(live, { nextAt: now + 1_000 })])).resolves.toEqual(['ok']);
      const read = await h.store.schedules.get('s');
      expect(read).toMatchObject({ nextAt: now + 1_000, fired: 1 });
      expect(read?.runs).toHaveLength(1);
      // settled: due again at its new nextAt, not at the lease's end
      h.clock.advance(1_000 - LEASE);
      h.clock.set(now + 1_000);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [{ schedule: { name: 's' } }] });
    });

    it('a fire computed from a replaced definition records its runs but keeps the nextAt of the replace', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [claimed] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      await h.store.schedules.put('s', definition({ everyMs: 60_000 }), now + 60_000, false);
      await expect(h.store.schedules.settle([settlement(claimed, { nextAt: now + 1_000 })])).resolves.toEqual(['ok']);
      await expect(h.store.schedules.get('s')).resolves.toMatchObject({ nextAt: now + 60_000, fired: 1, version: 2 });
      h.clock.advance(1_000);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [], nextDueAt: now + 60_000 });
    });

    it('pause takes a schedule out of the index (a fire in flight does not put it back); resume puts it back at the given time', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [claimed] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      await expect(h.store.schedules.setPaused('s', true, null)).resolves.toMatchObject({ paused: true });
      await h.store.schedules.settle([settlement(claimed)]);
      h.clock.advance(LEASE * 2);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toEqual({ claimed: [], nextDueAt: null });

      const resumedAt = h.clock.now() + 500;
      await expect(h.store.schedules.setPaused('s', false, resumedAt)).resolves.toMatchObject({ paused: false, nextAt: resumedAt });
      h.clock.advance(500);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [{ schedule: { name: 's', nextAt: resumedAt } }] });
      await expect(h.store.schedules.setPaused('absent', true, null)).resolves.toBeNull();
    });

    it('a replace or resume while a claim holds the schedule leaves it held; the settle puts it back at its nextAt', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [claimed] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      h.clock.advance(1);
      await h.store.schedules.put('s', definition(), now, false);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [], nextDueAt: now + LEASE });
      await expect(h.store.schedules.settle([settlement(claimed, { nextAt: now + 1_000, lastTick: now })])).resolves.toEqual(['ok']);
      // the replace's version won: its nextAt (the tick just fired) stays, the fire's lastTick tells the next planner
      await expect(h.store.schedules.get('s')).resolves.toMatchObject({ nextAt: now, lastTick: now, version: 2 });
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toMatchObject({ claimed: [{ schedule: { name: 's', lastTick: now } }] });

      await h.store.schedules.delete('s');
      // paused while held: out of the index, so a claimer that died does not fire it after its lease
      await h.store.schedules.put('p', definition(), now, false);
      await h.store.schedules.claimDue(1, LEASE);
      await h.store.schedules.setPaused('p', true, null);
      h.clock.advance(LEASE);
      await expect(h.store.schedules.claimDue(10, LEASE)).resolves.toMatchObject({ claimed: [] });
      await h.store.schedules.setPaused('p', false, h.clock.now() + 1_000);
      h.clock.advance(1_000);
      await expect(h.store.schedules.claimDue(10, LEASE)).resolves.toMatchObject({ claimed: [{ schedule: { name: 'p' } }] });
    });

    it('a paused or ended schedule is stored but never due', async () => {
      const h = current();
      await h.store.schedules.put('paused', definition(), h.clock.now(), true);
      await h.store.schedules.put('ended', definition(), null, false);
      h.clock.advance(60_000);
      await expect(h.store.schedules.claimDue(10, LEASE)).resolves.toEqual({ claimed: [], nextDueAt: null });
      await expect(h.store.schedules.get('ended')).resolves.toMatchObject({ nextAt: null, paused: false });
    });

    it('settling an ended schedule leaves the index; deleting fences out a fire in flight, and a schedule made again starts afresh', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [claimed] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      await h.store.schedules.settle([settlement(claimed, { nextAt: null })]);
      h.clock.advance(LEASE * 2);
      await expect(h.store.schedules.claimDue(1, LEASE)).resolves.toEqual({ claimed: [], nextDueAt: null });

      await h.store.schedules.put('t', definition(), h.clock.now(), false);
      const [inFlight] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      await expect(h.store.schedules.delete('t')).resolves.toBe(true);
      await expect(h.store.schedules.delete('t')).resolves.toBe(false);
      await h.store.schedules.put('t', definition(), h.clock.now(), false);
      await expect(h.store.schedules.settle([settlement(inFlight)])).resolves.toEqual(['stale']);
      await expect(h.store.schedules.get('t')).resolves.toMatchObject({ fired: 0, runs: [] });
    });

    it('keeps the latest 20 runs, newest first, and counts fired, skipped and missed ticks', async () => {
      const h = current();
      const now = h.clock.now();
      await h.store.schedules.put('s', definition(), now, false);
      const [claimed] = (await h.store.schedules.claimDue(1, LEASE)).claimed;
      const runs = Array.from({ length: 25 }, (_, i) => ({ fireAt: now + i * 1_000, jobId: `j${i}` }));
      await h.store.schedules.settle([settlement(claimed, { runs, fired: 25, skipped: 2, missed: 7, nextAt: now + 25_000 })]);
      await expect(h.store.schedules.recordRun('s', { fireAt: now + 30_000, jobId: 'manual', trigger: true })).resolves.toBe(true);
      await expect(h.store.schedules.recordRun('absent', { fireAt: now, jobId: 'x' })).resolves.toBe(false);
      const read = await h.store.schedules.get('s');
      expect(read).toMatchObject({ fired: 26, skipped: 2, missed: 7, lastJobId: 'manual', nextAt: now + 25_000 });
      expect(read?.runs?.map((r) => r.jobId)).toEqual(['manual', ...runs.slice(6).map((r) => r.jobId).reverse()]);
      expect(read?.runs?.[0]).toEqual({ fireAt: now + 30_000, jobId: 'manual', trigger: true });
    });

    it('lists schedules by name in pages', async () => {
      const h = current();
      const names = ['e', 'a', 'd', 'b', 'c'];
      for (const name of names) await h.store.schedules.put(name, definition(), h.clock.now(), false);
      await h.store.schedules.delete('d');
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const page = await h.store.schedules.list(2, cursor);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((s) => s.name));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(['a', 'b', 'c', 'e']);
    });

    it('gives each of many concurrent claimers different schedules, each schedule to one of them', async () => {
      const h = current();
      const now = h.clock.now();
      for (let i = 0; i < 40; i++) await h.store.schedules.put(`s${i}`, definition(), now, false);
      const peers = [h.store, await h.peer(), await h.peer(), await h.peer()];
      const claims = await Promise.all(peers.flatMap((p) => [p.schedules.claimDue(7, LEASE), p.schedules.claimDue(7, LEASE)]));
      const names = claims.flatMap((c) => c.claimed.map((x) => x.schedule.name));
      expect(names).toHaveLength(40);
      expect(new Set(names).size).toBe(40);
    });
  });
}
