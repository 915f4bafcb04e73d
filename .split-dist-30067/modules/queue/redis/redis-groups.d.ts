import type { RedisClient } from './redis-connection';
import { Clock } from '../../../domain/clock';
import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../../domain/fairness';
import { GroupStore } from '../group-store';
import { RedisQueueKeys } from './redis-queue-keys';
import { ScriptName } from './redis-scripts';
type RunScript = (script: ScriptName, queue: string, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;
/**
 * The Redis GroupStore: a queue's settings hash and its groups' hashes, in the queue's slot
 * (includes/groups.lua lists the fields). Changes are scripts (queue-settings.lua,
 * group-update.lua), because they move groups in and out of the round the claim reads; reads are
 * one MULTI of the hashes they show.
 */
export declare class RedisGroups extends GroupStore {
    private readonly redis;
    private readonly keys;
    private readonly run;
    private readonly call;
    private readonly clock;
    private readonly hostConcurrency;
    constructor(redis: RedisClient, keys: (queue: string) => RedisQueueKeys, run: RunScript, call: Call, clock: Clock, hostConcurrency: number);
    settings(queue: string): Promise<QueueSettings>;
    updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings>;
    setPaused(queue: string, paused: boolean): Promise<QueueSettings>;
    updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState>;
    getGroup(queue: string, group: string): Promise<GroupState>;
    list(queue: string, limit: number, cursor?: string): Promise<{
        items: GroupState[];
        nextCursor: string | null;
    }>;
    private change;
    private decodeGroup;
}
export {};
