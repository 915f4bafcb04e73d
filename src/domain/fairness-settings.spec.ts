import { checkGroupName, checkGroupSettingsPatch, checkGroupsPageLimit, checkQueueSettingsPatch } from './fairness-settings';
import { GroupSettingsPatch, MAX_GROUP_CONCURRENCY, MAX_GROUPS_PAGE, MAX_RATE_LIMIT_MAX, MAX_RATE_LIMIT_PER_MS, QueueSettingsPatch } from './fairness';

describe('fairness settings checks', () => {
  it('take every limit at its maximum, null (clear) and a patch that leaves everything out', () => {
    const max = { max: MAX_RATE_LIMIT_MAX, perMs: MAX_RATE_LIMIT_PER_MS };
    expect(() => checkQueueSettingsPatch({ groupConcurrency: MAX_GROUP_CONCURRENCY, rateLimit: max })).not.toThrow();
    expect(() => checkQueueSettingsPatch({ groupConcurrency: null, rateLimit: null })).not.toThrow();
    expect(() => checkQueueSettingsPatch({})).not.toThrow();
    expect(() => checkGroupSettingsPatch({ concurrency: MAX_GROUP_CONCURRENCY, rateLimit: { max: 1, perMs: 1 }, paused: true })).not.toThrow();
    expect(() => checkGroupsPageLimit(MAX_GROUPS_PAGE)).not.toThrow();
    expect(() => checkGroupName('')).not.toThrow();
    expect(() => checkGroupName('g'.repeat(100))).not.toThrow();
  });

  it.each<[string, QueueSettingsPatch, string]>([
    ['a cap of 0', { groupConcurrency: 0 }, 'groupConcurrency'],
    ['a cap above the maximum', { groupConcurrency: MAX_GROUP_CONCURRENCY + 1 }, 'groupConcurrency'],
    ['a fractional cap', { groupConcurrency: 1.5 }, 'groupConcurrency'],
    ['a rate without perMs', { rateLimit: { max: 1 } as never }, 'rateLimit.perMs'],
    ['a rate of max 0', { rateLimit: { max: 0, perMs: 1 } }, 'rateLimit.max'],
    ['a rate above its max', { rateLimit: { max: MAX_RATE_LIMIT_MAX + 1, perMs: 1 } }, 'rateLimit.max'],
    ['a window above a day', { rateLimit: { max: 1, perMs: MAX_RATE_LIMIT_PER_MS + 1 } }, 'rateLimit.perMs'],
    ['a rate that is not an object', { rateLimit: 5 as never }, 'rateLimit'],
  ])('refuse queue settings with %s, naming %s', (_case, patch, field) => {
    expect(() => checkQueueSettingsPatch(patch)).toThrow(expect.objectContaining({ field }));
  });

  it.each<[string, GroupSettingsPatch, string]>([
    ['a cap of 0', { concurrency: 0 }, 'concurrency'],
    ['paused as text', { paused: 'yes' as never }, 'paused'],
    ['a window of 0', { rateLimit: { max: 1, perMs: 0 } }, 'rateLimit.perMs'],
  ])('refuse group settings with %s, naming %s', (_case, patch, field) => {
    expect(() => checkGroupSettingsPatch(patch)).toThrow(expect.objectContaining({ field }));
  });

  it('refuse a group name outside NAME_PATTERN and a page size outside 1 to MAX_GROUPS_PAGE', () => {
    expect(() => checkGroupName('~default')).toThrow(expect.objectContaining({ field: 'group' }));
    expect(() => checkGroupName('a b')).toThrow(expect.objectContaining({ field: 'group' }));
    expect(() => checkGroupsPageLimit(0)).toThrow(expect.objectContaining({ field: 'limit' }));
    expect(() => checkGroupsPageLimit(MAX_GROUPS_PAGE + 1)).toThrow(expect.objectContaining({ field: 'limit' }));
  });
});
