import { AppConfig } from '../../config/app-config';
import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../domain/fairness';
import { JobStore } from '../queue';
/**
 * A queue's fairness controls (README, Fairness and rate limits): its settings and pause, its
 * groups' caps, rates and pauses. Plain service over JobStore.groups: it checks its input (for
 * code that embeds claimq as well as for the API), then the store applies it. Groups by their
 * store names: '' is the default group. Errors name `name` (the queue) and `group`, as the routes do.
 */
export declare class FairnessService {
    private readonly store;
    private readonly queues;
    constructor(store: Pick<JobStore, 'groups'>, config: AppConfig);
    settings(queue: string): Promise<QueueSettings>;
    updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings>;
    /** Pauses (no job of the queue is claimed; running ones run on) or resumes the queue. */
    setPaused(queue: string, paused: boolean): Promise<QueueSettings>;
    group(queue: string, group: string): Promise<GroupState>;
    updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState>;
    groups(queue: string, limit: number, cursor?: string): Promise<{
        items: GroupState[];
        nextCursor: string | null;
    }>;
    /** A queue outside QUEUES is refused as POST /jobs and GET /jobs refuse it (400), naming the path's `name`. */
    private checkQueue;
}
