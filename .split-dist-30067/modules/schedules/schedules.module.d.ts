import { DynamicModule } from '@nestjs/common';
/**
 * Recurring schedules: the scheduler on every instance (SCHEDULER_ENABLED), and with the API the
 * /schedules routes. Schedules live in the JobStore (QueueModule, global) beside the jobs.
 */
export declare class SchedulesModule {
    static forRoot(api: boolean): DynamicModule;
}
