import { StoredSchedule } from '../../domain/schedule';
import { ScheduleDetailResponseDto, ScheduleResponseDto } from './dto/schedule-response.dto';
import { ScheduleDetail } from './schedules.service';
/** A stored schedule as the API shows it: times as ISO-8601, secret headers redacted. */
export declare function presentSchedule(s: StoredSchedule): ScheduleResponseDto;
export declare function presentScheduleDetail(detail: ScheduleDetail): ScheduleDetailResponseDto;
