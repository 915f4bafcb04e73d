import type { Response } from 'express';
import { ListSchedulesQueryDto } from './dto/list-schedules-query.dto';
import { PutScheduleDto } from './dto/put-schedule.dto';
import { ScheduleDetailResponseDto, SchedulePageResponseDto, ScheduleResponseDto, ScheduleTriggerResponseDto } from './dto/schedule-response.dto';
import { SchedulesService } from './schedules.service';
export declare class SchedulesController {
    private readonly schedules;
    constructor(schedules: SchedulesService);
    put(name: string, dto: PutScheduleDto, res: Response): Promise<ScheduleResponseDto>;
    list(query: ListSchedulesQueryDto): Promise<SchedulePageResponseDto>;
    get(name: string): Promise<ScheduleDetailResponseDto>;
    delete(name: string): Promise<void>;
    pause(name: string): Promise<ScheduleResponseDto>;
    resume(name: string): Promise<ScheduleResponseDto>;
    trigger(name: string): Promise<ScheduleTriggerResponseDto>;
}
