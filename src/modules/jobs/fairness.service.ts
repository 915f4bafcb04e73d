import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { InvalidJobSpecError } from '../../domain/errors';
import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../domain/fairness';
import { checkGroupName, checkGroupSettingsPatch, checkGroupsPageLimit, checkQueueSettingsPatch } from '../../domain/fairness-settings';
import { NAME_PATTERN } from '../../domain/job';
import { GroupStore } from '../queue';
import { AcceptedQueues } from './accepted-queues';

/**
 * A queue's fairness controls (README, Fairness and rate limits): its settings and pause, its
 * groups' caps, rates and pauses. Plain service over GroupStore: it checks its input (for
 * code that embeds claimq as well as for the API), then the store applies it. Groups by their
 * store names: '' is the default group. Errors name `name` (the queue) and `group`, as the routes do.
 */
@Injectable()
export class FairnessService {
  private readonly queues: AcceptedQueues;

  constructor(
    @Inject(GroupStore) private readonly groupStore: GroupStore,
    config: AppConfig,
  ) {
    this.queues = new AcceptedQueues(config.queues);
  }

  settings(queue: string): Promise<QueueSettings> {
    this.checkQueue(queue);
    return this.groupStore.settings(queue);
  }

  updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings> {
    this.checkQueue(queue);
    checkQueueSettingsPatch(patch);
    return this.groupStore.updateSettings(queue, patch);
  }

  /** Pauses (no job of the queue is claimed; running ones run on) or resumes the queue. */
  setPaused(queue: string, paused: boolean): Promise<QueueSettings> {
    this.checkQueue(queue);
    return this.groupStore.setPaused(queue, paused);
  }

  group(queue: string, group: string): Promise<GroupState> {
    this.checkQueue(queue);
    checkGroupName(group);
    return this.groupStore.getGroup(queue, group);
  }

  updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState> {
    this.checkQueue(queue);
    checkGroupName(group);
    checkGroupSettingsPatch(patch);
    return this.groupStore.updateGroup(queue, group, patch);
  }

  groups(queue: string, limit: number, cursor?: string): Promise<{ items: GroupState[]; nextCursor: string | null }> {
    this.checkQueue(queue);
    checkGroupsPageLimit(limit);
    return this.groupStore.list(queue, limit, cursor);
  }

  /** A queue outside QUEUES is refused as POST /jobs and GET /jobs refuse it (400), naming the path's `name`. */
  private checkQueue(queue: string): void {
    if (!NAME_PATTERN.test(queue)) throw new InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
    this.queues.check(queue, 'name');
  }
}
