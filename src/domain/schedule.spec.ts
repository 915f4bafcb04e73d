import { InvalidJobSpecError } from './errors';
import { DEFAULT_BACKOFF } from './job';
import { checkScheduleDefinition, nextTick, planFire, ScheduleDefinition, tickIdempotencyKey, triggerIdempotencyKey, upcomingTicks } from './schedule';

function def(overrides: Partial<ScheduleDefinition>): ScheduleDefinition {
  return {
    queue: 'q',
    timezone: 'UTC',
    job: { type: 't', payloadJson: 'null', priority: 0, maxAttempts: 3, backoff: DEFAULT_BACKOFF, timeoutMs: 90_000 },
    overlap: 'allow',
    catchUp: 'latest',
    maxCatchUp: 100,
    ...overrides,
  };
}

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();

/** Every tick of `d` in [from, to), walking nextTick as the scheduler does. */
function ticksBetween(d: ScheduleDefinition, from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = nextTick(d, from - 1, from); t !== null && t < to; t = nextTick(d, t, from)) out.push(t);
  return out;
}

describe('schedule times', () => {
  it('cron with 5 fields ticks on minutes, with 6 on seconds, in the schedule\'s time zone', () => {
    const now = at('2026-06-01T10:00:30Z');
    expect(iso(nextTick(def({ cron: '*/15 * * * *' }), now, now)!)).toBe('2026-06-01T10:15:00.000Z');
    expect(iso(nextTick(def({ cron: '*/10 * * * * *' }), now, now)!)).toBe('2026-06-01T10:00:40.000Z');
    // 09:00 in New York (EDT, UTC-4) is 13:00 UTC
    expect(iso(nextTick(def({ cron: '0 9 * * *', timezone: 'America/New_York' }), now, now)!)).toBe('2026-06-01T13:00:00.000Z');
  });

  it('everyMs ticks from the anchor (creation) or startAt, and no tick lies outside startAt..endAt', () => {
    const created = 1_000_000;
    expect(upcomingTicks(def({ everyMs: 5_000 }), nextTick(def({ everyMs: 5_000 }), created, created), created, 3)).toEqual([1_005_000, 1_010_000, 1_015_000]);
    const bounded = def({ everyMs: 5_000, startAt: 2_000_000, endAt: 2_010_000 });
    expect(nextTick(bounded, created, created)).toBe(2_000_000);
    expect(upcomingTicks(bounded, 2_000_000, created, 10)).toEqual([2_000_000, 2_005_000, 2_010_000]);
    expect(nextTick(bounded, 2_010_000, created)).toBeNull();
    const cron = def({ cron: '0 * * * *', startAt: at('2026-06-01T10:30:00Z'), endAt: at('2026-06-01T12:00:00Z') });
    expect(ticksBetween(cron, at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z')).map(iso)).toEqual(['2026-06-01T11:00:00.000Z', '2026-06-01T12:00:00.000Z']);
  });

  describe('daylight saving: a daily 02:30 Europe/Berlin fires once on both transition days', () => {
    const daily = def({ cron: '30 2 * * *', timezone: 'Europe/Berlin' });

    it('spring forward (02:00 -> 03:00, 02:30 does not exist): once, at 03:00 CEST, the first valid time after the gap', () => {
      const ticks = ticksBetween(daily, at('2026-03-27T12:00:00Z'), at('2026-03-31T00:00:00Z'));
      expect(ticks.map(iso)).toEqual([
        '2026-03-28T01:30:00.000Z', // 02:30 CET
        '2026-03-29T01:00:00.000Z', // 03:00 CEST: the day of the gap
        '2026-03-30T00:30:00.000Z', // 02:30 CEST
      ]);
    });

    it('fall back (03:00 -> 02:00, 02:30 happens twice): once, at the first 02:30 (CEST)', () => {
      const ticks = ticksBetween(daily, at('2026-10-24T12:00:00Z'), at('2026-10-27T00:00:00Z'));
      expect(ticks.map(iso)).toEqual([
        '2026-10-25T00:30:00.000Z', // 02:30 CEST; 02:30 CET (01:30Z) does not fire
        '2026-10-26T01:30:00.000Z', // 02:30 CET
      ]);
    });

    it('an hourly pattern is an interval: it skips the missing hour and fires in both repeated ones', () => {
      const hourly = def({ cron: '30 * * * *', timezone: 'Europe/Berlin' });
      expect(ticksBetween(hourly, at('2026-03-29T00:00:00Z'), at('2026-03-29T02:00:00Z')).map(iso)).toEqual(['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z']);
      expect(ticksBetween(hourly, at('2026-10-25T00:00:00Z'), at('2026-10-25T02:00:00Z')).map(iso)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    });
  });

  it('gives ticks and triggers keys no other schedule can have, whatever ":" its name holds', () => {
    expect(tickIdempotencyKey('a:trigger', 5)).not.toBe(triggerIdempotencyKey('a', 5));
    expect(tickIdempotencyKey('a:1', 2)).not.toBe(tickIdempotencyKey('a', 1));
    expect(tickIdempotencyKey('nightly', 1_700_000_000_000)).toBe('claimq-schedule:1700000000000:nightly');
  });

  it('refuses a definition with a clear field: both or neither of cron and everyMs, a bad pattern or zone, endAt before startAt', () => {
    const field = (d: ScheduleDefinition): string | undefined => {
      try {
        checkScheduleDefinition(d);
        return undefined;
      } catch (err) {
        return err instanceof InvalidJobSpecError ? `${err.field}: ${err.reason}` : String(err);
      }
    };
    expect(field(def({ cron: '* * * * *', everyMs: 1000 }))).toMatch(/^everyMs: exactly one/);
    expect(field(def({}))).toMatch(/^cron: exactly one/);
    expect(field(def({ cron: '61 * * * *' }))).toMatch(/^cron: is not a cron pattern.*minute/);
    expect(field(def({ cron: '* * * *' }))).toMatch(/^cron: /);
    expect(field(def({ cron: '* * * * * * *' }))).toMatch(/^cron: /);
    expect(field(def({ cron: '* * * * *', timezone: 'Mars/Olympus' }))).toBe('timezone: Mars/Olympus is not an IANA time zone');
    expect(field(def({ everyMs: 999 }))).toMatch(/^everyMs: must be an integer from 1000/);
    expect(field(def({ everyMs: 1000, maxCatchUp: 1001 }))).toMatch(/^maxCatchUp: /);
    expect(field(def({ everyMs: 1000, startAt: 5, endAt: 5 }))).toBe('endAt: must be after startAt');
    expect(field(def({ cron: '0 30 2 * * *', timezone: 'Europe/Berlin', maxCatchUp: 1000 }))).toBeUndefined();
  });
});

describe('planFire: which due ticks a fire makes jobs for', () => {
  const every = (catchUp: ScheduleDefinition['catchUp'], maxCatchUp = 100) => def({ everyMs: 1_000, catchUp, maxCatchUp });
  const GRACE = 1_000;

  it('on time: the one due tick fires, whatever the policy', () => {
    for (const catchUp of ['none', 'latest', 'all'] as const) {
      expect(planFire(every(catchUp), 10_000, 10_020, 0, GRACE)).toEqual({ fire: [10_000], missed: 0, nextAt: 11_000, lastDue: 10_000 });
    }
  });

  it('after 10 s with no scheduler: all fires every tick, latest the latest, none only a tick within the grace', () => {
    // ticks 10_000 .. 20_000 are due at 20_300
    expect(planFire(every('all'), 10_000, 20_300, 0, GRACE)).toMatchObject({ fire: Array.from({ length: 11 }, (_, i) => 10_000 + i * 1_000), missed: 0, nextAt: 21_000 });
    expect(planFire(every('latest'), 10_000, 20_300, 0, GRACE)).toMatchObject({ fire: [20_000], missed: 10, nextAt: 21_000 });
    expect(planFire(every('none'), 10_000, 20_300, 0, GRACE)).toMatchObject({ fire: [20_000], missed: 10, nextAt: 21_000 });
    // the latest due tick is 1.5 s old: too late for none, still the latest for latest
    const sparse = (catchUp: ScheduleDefinition['catchUp']) => def({ everyMs: 5_000, catchUp });
    expect(planFire(sparse('none'), 10_000, 21_500, 0, GRACE)).toEqual({ fire: [], missed: 3, nextAt: 25_000, lastDue: 20_000 });
    expect(planFire(sparse('latest'), 10_000, 21_500, 0, GRACE)).toEqual({ fire: [20_000], missed: 2, nextAt: 25_000, lastDue: 20_000 });
  });

  it('all fires the latest maxCatchUp ticks and counts the older ones missed, up to its maximum of 1,000', () => {
    expect(planFire(every('all', 3), 10_000, 20_300, 0, GRACE)).toMatchObject({ fire: [18_000, 19_000, 20_000], missed: 8, nextAt: 21_000 });
    const plan = planFire(every('all', 1_000), 0, 1_500_000, 0, GRACE);
    expect(plan.fire).toHaveLength(1_000);
    expect(plan.fire[0]).toBe(501_000);
    expect(plan.fire[999]).toBe(1_500_000);
    expect(plan.missed).toBe(501);
  });

  it('a month missed by an every-second cron: bounded work, the latest ticks fired, the rest counted', () => {
    const d = def({ cron: '* * * * * *', catchUp: 'all', maxCatchUp: 5 });
    const first = at('2026-01-01T00:00:00Z');
    const now = first + 30 * 86_400_000 + 400;
    const plan = planFire(d, first, now, first, GRACE);
    expect(plan.fire.map(iso)).toEqual(['2026-01-30T23:59:56.000Z', '2026-01-30T23:59:57.000Z', '2026-01-30T23:59:58.000Z', '2026-01-30T23:59:59.000Z', '2026-01-31T00:00:00.000Z']);
    expect(plan.nextAt).toBe(first + 30 * 86_400_000 + 1_000);
    expect(plan.missed).toBe(30 * 86_400 + 1 - 5);
  });

  it('counts a long outage exactly past the ticks it enumerates: all/1,000 with 2,501 due fires the latest 1,000, 1,501 missed', () => {
    const plan = planFire(every('all', 1_000), 0, 2_500_000, 0, GRACE);
    expect(plan).toMatchObject({ missed: 1_501, nextAt: 2_501_000, lastDue: 2_500_000 });
    expect(plan.fire[0]).toBe(1_501_000);
    expect(planFire(every('latest'), 0, 2_500_000, 0, GRACE)).toEqual({ fire: [2_500_000], missed: 2_500, nextAt: 2_501_000, lastDue: 2_500_000 });
  });

  it('a schedule past its endAt ends: no next tick', () => {
    expect(planFire(def({ everyMs: 1_000, endAt: 12_000, catchUp: 'all' }), 10_000, 20_000, 0, GRACE)).toMatchObject({ fire: [10_000, 11_000, 12_000], missed: 0, nextAt: null });
  });
});
