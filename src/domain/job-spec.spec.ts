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

describe('normalizeJobSpec: group', () => {
  const http = (url: string, extra: Partial<JobSpec> = {}) => ({ type: 'http', payload: { url, method: 'GET' }, ...extra });

  it('copies a group through, and leaves the field out without one', () => {
    expect(normalize({ group: 'tenant-42' }).group).toBe('tenant-42');
    expect(normalize({})).not.toHaveProperty('group');
  });

  it.each<[string, unknown]>([
    ['empty', ''],
    ['with a space', 'a b'],
    ['of 101 characters', 'x'.repeat(101)],
    ['~default, the API alias of the default group', '~default'],
    ['not a string', 42],
  ])('refuses a group %s, naming group', (_case, group) => {
    expect(() => normalize({ group: group as string })).toThrow(expect.objectContaining({ field: 'group', reason: 'must match [A-Za-z0-9_.:-]{1,100}' }));
  });

  it('takes a group of 100 characters', () => {
    expect(normalize({ group: 'g'.repeat(100) }).group).toBe('g'.repeat(100));
  });

  it("gives an http job its host's group while host groups are on, and keeps an explicit group", () => {
    const on = { now: NOW, maxPayloadBytes: 1024, hostGroups: true };
    expect(normalizeJobSpec(http('https://API.example.com:8443/x?y=1'), on).group).toBe('host:api.example.com:8443');
    expect(normalizeJobSpec(http('https://api.example.com/x', { group: 'mine' }), on).group).toBe('mine');
    expect(normalizeJobSpec({ type: 'email.send', payload: { url: 'https://api.example.com/' } }, on)).not.toHaveProperty('group');
    expect(normalizeJobSpec({ type: 'http', payload: 'not an object' }, on)).not.toHaveProperty('group');
  });

  it('gives an http job no group while host groups are off', () => {
    expect(normalizeJobSpec(http('https://api.example.com/x'), { now: NOW, maxPayloadBytes: 1024 })).not.toHaveProperty('group');
    expect(normalizeJobSpec(http('https://api.example.com/x'), { now: NOW, maxPayloadBytes: 1024, hostGroups: false })).not.toHaveProperty('group');
  });
});
