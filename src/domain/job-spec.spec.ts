import { InvalidJobSpecError } from './errors';
import { JobSpec } from './job';
import { normalizeJobSpec } from './job-spec';

const NOW = Date.UTC(2030, 0, 1);
const normalize = (spec: Partial<JobSpec>) => normalizeJobSpec({ type: 't', ...spec } as JobSpec, { now: NOW, maxPayloadBytes: 1024 });

describe('normalizeJobSpec: schedule', () => {
  it('copies a schedule through, as a copy of its own', () => {
    const schedule = { name: 'nightly.report', fireAt: NOW - 5 };
    const job = normalize({ schedule });
    expect(job.schedule).toEqual({ name: 'nightly.report', fireAt: NOW - 5 });
    expect(job.schedule).not.toBe(schedule);
    expect(normalize({}).schedule).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'nightly', 'schedule'],
    ['null', null, 'schedule'],
    ['without a name', { fireAt: 0 }, 'schedule.name'],
    ['with a name outside NAME_PATTERN', { name: 'a b', fireAt: 0 }, 'schedule.name'],
    ['with a name of 101 characters', { name: 'x'.repeat(101), fireAt: 0 }, 'schedule.name'],
    ['without a fireAt', { name: 'n' }, 'schedule.fireAt'],
    ['with a fractional fireAt', { name: 'n', fireAt: 1.5 }, 'schedule.fireAt'],
    ['with a negative fireAt', { name: 'n', fireAt: -1 }, 'schedule.fireAt'],
    ['with an infinite fireAt', { name: 'n', fireAt: Infinity }, 'schedule.fireAt'],
    ['with a fireAt past what a Date holds', { name: 'n', fireAt: 8_640_000_000_000_001 }, 'schedule.fireAt'],
    ['with a fireAt as text', { name: 'n', fireAt: '1' }, 'schedule.fireAt'],
  ])('refuses a schedule %s, naming %s', (_case, schedule, field) => {
    expect(() => normalize({ schedule: schedule as JobSpec['schedule'] })).toThrow(InvalidJobSpecError);
    expect(() => normalize({ schedule: schedule as JobSpec['schedule'] })).toThrow(expect.objectContaining({ field }));
  });

  it('takes fireAt 0', () => {
    expect(normalize({ schedule: { name: 'n', fireAt: 0 } }).schedule).toEqual({ name: 'n', fireAt: 0 });
  });
});
