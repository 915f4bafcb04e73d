import { CatchUpPolicy, OverlapPolicy } from '../../../domain/schedule';
import { CreateJobDto } from '../../jobs';
declare const ScheduleJobDto_base: import("@nestjs/common").Type<Omit<CreateJobDto, "queue" | "runAt" | "idempotencyKey" | "delayMs">>;
/** The job each tick makes: a POST /jobs body without queue (the schedule's), timing and idempotency key (the tick's). */
export declare class ScheduleJobDto extends ScheduleJobDto_base {
}
export declare class PutScheduleDto {
    queue?: string;
    cron?: string;
    everyMs?: number;
    timezone?: string;
    job: ScheduleJobDto;
    overlap?: OverlapPolicy;
    catchUp?: CatchUpPolicy;
    maxCatchUp?: number;
    startAt?: string | number;
    endAt?: string | number;
    paused?: boolean;
}
export {};
