import { PageQueryDto } from '../../jobs';

/** GET /schedules: a page of schedules by name. */
export class ListSchedulesQueryDto extends PageQueryDto {}
