import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../domain/fairness';
import { GroupStore } from './group-store';

/** Placeholder while the stores' group support is built (issue 15); every call throws. */
export class UnimplementedGroups extends GroupStore {
  settings(_queue: string): Promise<QueueSettings> {
    throw new Error('groups: not implemented yet');
  }
  updateSettings(_queue: string, _patch: QueueSettingsPatch): Promise<QueueSettings> {
    throw new Error('groups: not implemented yet');
  }
  setPaused(_queue: string, _paused: boolean): Promise<QueueSettings> {
    throw new Error('groups: not implemented yet');
  }
  updateGroup(_queue: string, _group: string, _patch: GroupSettingsPatch): Promise<GroupState> {
    throw new Error('groups: not implemented yet');
  }
  getGroup(_queue: string, _group: string): Promise<GroupState> {
    throw new Error('groups: not implemented yet');
  }
  list(_queue: string, _limit: number, _cursor?: string): Promise<{ items: GroupState[]; nextCursor: string | null }> {
    throw new Error('groups: not implemented yet');
  }
}
