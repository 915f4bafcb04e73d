/** Recurring schedules: the scheduler every instance runs, and the /schedules API. */
export { SchedulesModule } from './schedules.module';
export { SchedulesService } from './schedules.service';
export type { ScheduleSpec, ScheduleDetail } from './schedules.service';
export { SchedulerService } from './scheduler.service';
export { ScheduleFirer } from './schedule-firer';
