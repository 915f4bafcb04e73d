import { PageQueryDto } from '../../jobs';
/** GET /schedules: a page of schedules by name. */
export declare class ListSchedulesQueryDto extends PageQueryDto {
}
