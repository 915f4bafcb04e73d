import { GroupPageResponseDto, GroupStateResponseDto } from './dto/group-state-response.dto';
import { ListGroupsQueryDto } from './dto/list-groups-query.dto';
import { PutGroupDto } from './dto/put-group.dto';
import { PutQueueSettingsDto } from './dto/put-queue-settings.dto';
import { QueueSettingsResponseDto } from './dto/queue-settings-response.dto';
import { FairnessService } from './fairness.service';
/** The fairness routes of a queue (README, Fairness and rate limits): settings, pause, groups. */
export declare class FairnessController {
    private readonly fairness;
    constructor(fairness: FairnessService);
    settings(queue: string): Promise<QueueSettingsResponseDto>;
    updateSettings(queue: string, dto: PutQueueSettingsDto): Promise<QueueSettingsResponseDto>;
    pause(queue: string): Promise<QueueSettingsResponseDto>;
    resume(queue: string): Promise<QueueSettingsResponseDto>;
    groups(queue: string, query: ListGroupsQueryDto): Promise<GroupPageResponseDto>;
    group(queue: string, group: string): Promise<GroupStateResponseDto>;
    updateGroup(queue: string, group: string, dto: PutGroupDto): Promise<GroupStateResponseDto>;
}
