import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../../domain/fairness';
import { GroupStore } from '../group-store';
import { PartitionLayout } from './partition-layout';
/** How PartitionedGroups reaches the partitions: the store under them, and a queue's layout. */
export interface PartitionedGroupsHost {
    readonly inner: GroupStore;
    layout(queue: string): Promise<PartitionLayout>;
    /** Told when a queue's rate limit was set or cleared here, so the claims budget it at once. */
    rateChanged(queue: string, limited: boolean): void;
    /** Told when a change may have made jobs claimable (a resume, a raised cap, a new rate): workers are woken. */
    changed(queue: string): Promise<void>;
}
/**
 * The GroupStore of partitioned queues (src/domain/fairness.ts; docs/architecture.md, "Fairness"):
 * - A named group lives in one partition, the one its name hashes to (jump hash, as idempotency
 *   keys): its jobs go there (PartitionedJobStore.enqueue), so its round, cap and rate are exact.
 * - The queue's settings live in partition 0, which claims read for the queue's rate
 *   (takeRateTokens); pause and the groups' default cap are written to every partition, whose own
 *   claims hold them (PartitionedJobStore copies them to partitions added later).
 * - The default group's jobs spread over the partitions: its settings are written to each, so its
 *   cap and rate hold per partition; its state read back sums the partitions' jobs.
 * A queue of one partition goes straight to the store under it.
 */
export declare class PartitionedGroups extends GroupStore {
    private readonly host;
    constructor(host: PartitionedGroupsHost);
    settings(queue: string): Promise<QueueSettings>;
    updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings>;
    setPaused(queue: string, paused: boolean): Promise<QueueSettings>;
    updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState>;
    getGroup(queue: string, group: string): Promise<GroupState>;
    /**
     * Every partition's groups merged by name: each partition lists its groups from the cursor on,
     * and a page takes the first `limit` names of all of them (a group found in two partitions, its
     * old and new home after the count changed, is shown once with both counts).
     */
    list(queue: string, limit: number, cursor?: string): Promise<{
        items: GroupState[];
        nextCursor: string | null;
    }>;
}
/** The partition a named group's jobs and settings live in. */
export declare function homeOf(group: string, layout: PartitionLayout): number;
