import { Clock } from '../../../domain/clock';
import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../../domain/fairness';
import { GroupStore } from '../group-store';
import { MemoryQueue } from './memory-queue';
/** How MemoryGroups reaches the store's queues: reads never create one, changes do. */
export interface MemoryQueueAccess {
    find(queue: string): MemoryQueue | undefined;
    open(queue: string): MemoryQueue;
}
/** The memory store's GroupStore: each queue's settings and groups live in its GroupRound. */
export declare class MemoryGroups extends GroupStore {
    private readonly queues;
    private readonly clock;
    private readonly hostConcurrency;
    constructor(queues: MemoryQueueAccess, clock: Clock, hostConcurrency: number);
    settings(queue: string): Promise<QueueSettings>;
    updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings>;
    setPaused(queue: string, paused: boolean): Promise<QueueSettings>;
    updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState>;
    getGroup(queue: string, group: string): Promise<GroupState>;
    list(queue: string, limit: number, cursor?: string): Promise<{
        items: GroupState[];
        nextCursor: string | null;
    }>;
    private settingsOf;
    private stateOf;
}
