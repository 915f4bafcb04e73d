import { GroupSettingsPatch, QueueSettingsPatch } from './fairness';
/** A group's name as the stores take it: NAME_PATTERN, or '' for the default group. */
export declare function checkGroupName(group: string, field?: string): void;
/** A page size of the groups listing. */
export declare function checkGroupsPageLimit(limit: number, field?: string): void;
export declare function checkQueueSettingsPatch(patch: QueueSettingsPatch): void;
export declare function checkGroupSettingsPatch(patch: GroupSettingsPatch): void;
