import { GroupState } from '../../domain/fairness';
import { InvalidJobSpecError } from '../../domain/errors';
import { DEFAULT_GROUP_ALIAS, groupCursorFromQuery, GroupParamPipe } from './default-group-alias';
import { presentGroup, presentGroupPage, presentQueueSettings } from './fairness.presenter';

const state = (over: Partial<GroupState> = {}): GroupState => ({
  name: 'tenant-1',
  pending: 3,
  running: 1,
  paused: false,
  concurrency: null,
  effectiveConcurrency: 2,
  rateLimit: { max: 5, perMs: 1000 },
  limitedBy: null,
  ...over,
});

describe('fairness presenter and the default group alias', () => {
  it(`shows the default group as ${DEFAULT_GROUP_ALIAS}, and limitedUntil as ISO-8601`, () => {
    expect(presentGroup(state({ name: '' })).name).toBe('~default');
    const limited = presentGroup(state({ limitedBy: 'rate', limitedUntil: Date.UTC(2030, 0, 1, 0, 0, 0, 250) }));
    expect(limited).toEqual({ ...state(), limitedBy: 'rate', limitedUntil: '2030-01-01T00:00:00.250Z' });
    expect(presentGroup(state())).not.toHaveProperty('limitedUntil');
  });

  it('copies rate limits rather than sharing the store objects', () => {
    const s = state();
    expect(presentGroup(s).rateLimit).not.toBe(s.rateLimit);
    const settings = { queue: 'q', paused: true, groupConcurrency: 4, rateLimit: { max: 1, perMs: 10 } };
    expect(presentQueueSettings(settings)).toEqual(settings);
    expect(presentQueueSettings(settings).rateLimit).not.toBe(settings.rateLimit);
  });

  it('shows a cursor of "" (a page ending at the default group) as the alias, and reads it back', () => {
    expect(presentGroupPage({ items: [state({ name: '' })], nextCursor: '' })).toEqual({ items: [presentGroup(state({ name: '' }))], nextCursor: '~default' });
    expect(presentGroupPage({ items: [], nextCursor: null }).nextCursor).toBeNull();
    expect(groupCursorFromQuery('~default')).toBe('');
    expect(groupCursorFromQuery('tenant-1')).toBe('tenant-1');
    expect(groupCursorFromQuery(undefined)).toBeUndefined();
  });

  it('reads :group as a name or the alias, and refuses anything else naming group', () => {
    const pipe = new GroupParamPipe();
    expect(pipe.transform('~default')).toBe('');
    expect(pipe.transform('host:api.example.com:8443')).toBe('host:api.example.com:8443');
    for (const bad of ['~other', 'a b', 'x'.repeat(101), '']) {
      expect(() => pipe.transform(bad)).toThrow(InvalidJobSpecError);
      expect(() => pipe.transform(bad)).toThrow(expect.objectContaining({ field: 'group' }));
    }
  });
});
