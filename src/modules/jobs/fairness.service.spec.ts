import { AppConfig } from '../../config/app-config';
import { InvalidJobSpecError } from '../../domain/errors';
import { GroupState, QueueSettings } from '../../domain/fairness';
import { GroupStore } from '../queue';
import { FairnessService } from './fairness.service';

const emptyGroup = (name: string): GroupState => ({ name, pending: 0, running: 0, paused: false, concurrency: null, effectiveConcurrency: null, rateLimit: null, limitedBy: null });

/** Records what reaches the store; answers as an empty store would. */
function setup() {
  const calls: unknown[][] = [];
  const settings = (queue: string): QueueSettings => ({ queue, paused: false, groupConcurrency: null, rateLimit: null });
  const groups = {
    settings: async (queue: string) => (calls.push(['settings', queue]), settings(queue)),
    updateSettings: async (queue: string, patch: object) => (calls.push(['updateSettings', queue, patch]), { ...settings(queue), ...patch }),
    setPaused: async (queue: string, paused: boolean) => (calls.push(['setPaused', queue, paused]), { ...settings(queue), paused }),
    getGroup: async (queue: string, group: string) => (calls.push(['getGroup', queue, group]), emptyGroup(group)),
    updateGroup: async (queue: string, group: string, patch: object) => (calls.push(['updateGroup', queue, group, patch]), { ...emptyGroup(group), ...patch }),
    list: async (queue: string, limit: number, cursor?: string) => (calls.push(['list', queue, limit, cursor]), { items: [], nextCursor: null }),
  };
  const service = new FairnessService(groups as unknown as GroupStore, AppConfig.from({ QUEUES: 'default,emails' }));
  return { service, calls };
}

describe('FairnessService', () => {
  it('hands valid requests to the store as given, the default group as ""', async () => {
    const { service, calls } = setup();
    await service.updateSettings('emails', { groupConcurrency: 5, rateLimit: null });
    await service.setPaused('emails', true);
    await service.updateGroup('emails', '', { paused: true });
    await service.group('default', 'host:api.example.com');
    await service.groups('default', 500, 'x');
    expect(calls).toEqual([
      ['updateSettings', 'emails', { groupConcurrency: 5, rateLimit: null }],
      ['setPaused', 'emails', true],
      ['updateGroup', 'emails', '', { paused: true }],
      ['getGroup', 'default', 'host:api.example.com'],
      ['list', 'default', 500, 'x'],
    ]);
  });

  it('refuses a queue outside QUEUES or NAME_PATTERN, naming name, before the store is asked', async () => {
    const { service, calls } = setup();
    expect(() => service.settings('reports')).toThrow(new InvalidJobSpecError('name', 'must be one of the queues this service accepts (QUEUES): default, emails'));
    expect(() => service.settings('a b')).toThrow(new InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}'));
    expect(() => service.setPaused('reports', true)).toThrow(expect.objectContaining({ field: 'name' }));
    expect(() => service.groups('reports', 10)).toThrow(expect.objectContaining({ field: 'name' }));
    expect(calls).toEqual([]);
  });

  it("re-checks what the API's DTOs check, for code that embeds claimq", async () => {
    const { service, calls } = setup();
    expect(() => service.updateSettings('default', { groupConcurrency: 0 })).toThrow(expect.objectContaining({ field: 'groupConcurrency' }));
    expect(() => service.updateGroup('default', 'g', { rateLimit: { max: 1, perMs: 0 } })).toThrow(expect.objectContaining({ field: 'rateLimit.perMs' }));
    expect(() => service.updateGroup('default', '~default', {})).toThrow(expect.objectContaining({ field: 'group' }));
    expect(() => service.groups('default', 501)).toThrow(expect.objectContaining({ field: 'limit' }));
    expect(calls).toEqual([]);
  });
});
