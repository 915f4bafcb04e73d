import { GroupSettingsPatch, GroupState, QueueSettings, QueueSettingsPatch } from '../../domain/fairness';
/**
 * A queue's fairness controls: its settings (pause, the groups' default cap, its own rate), and its
 * groups' (cap, rate, pause). They live where the queue's jobs are, because the claim reads them
 * in the same atomic step (Redis: the queue's slot). The semantics are src/domain/fairness.ts's;
 * test/contract/fairness.cases.ts is the executable form of this comment.
 *
 * Groups exist while they hold pending or running jobs, or settings of their own; a group nobody
 * set anything on is forgotten once it has neither.
 */
export declare abstract class GroupStore {
    /** The queue's settings (defaults for a queue never set: not paused, no cap, no rate). */
    abstract settings(queue: string): Promise<QueueSettings>;
    /** Changes the queue's settings: a field left out stays, null clears it. */
    abstract updateSettings(queue: string, patch: QueueSettingsPatch): Promise<QueueSettings>;
    /** Pauses the queue (no claim takes any of its jobs; running ones run on) or resumes it. */
    abstract setPaused(queue: string, paused: boolean): Promise<QueueSettings>;
    /** Changes one group's settings (the default group is ''); returns its state after. */
    abstract updateGroup(queue: string, group: string, patch: GroupSettingsPatch): Promise<GroupState>;
    /** One group's state; a group with no jobs and no settings reads as empty (not an error). */
    abstract getGroup(queue: string, group: string): Promise<GroupState>;
    /** The queue's groups by name (the default group first, when it has jobs or settings); `cursor` is opaque. */
    abstract list(queue: string, limit: number, cursor?: string): Promise<{
        items: GroupState[];
        nextCursor: string | null;
    }>;
}
