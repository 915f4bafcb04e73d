import { GroupState, QueueSettings } from '../../domain/fairness';
import { GroupPageResponseDto, GroupStateResponseDto } from './dto/group-state-response.dto';
import { QueueSettingsResponseDto } from './dto/queue-settings-response.dto';
/** A queue's settings as the API shows them (copies: the memory store's objects stay its own). */
export declare function presentQueueSettings(settings: QueueSettings): QueueSettingsResponseDto;
/** A group as the API shows it: the default group by its alias, limitedUntil as ISO-8601 like every time of the API. */
export declare function presentGroup(state: GroupState): GroupStateResponseDto;
export declare function presentGroupPage(page: {
    items: GroupState[];
    nextCursor: string | null;
}): GroupPageResponseDto;
