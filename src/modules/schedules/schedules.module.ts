import { DynamicModule, Logger, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { JobsModule } from '../jobs';
import { ClaimqMetrics } from '../metrics';
import { errorText, JobAdmin, JobQueue, Outbox, ScheduleStore } from '../queue';
import { JobTracer } from '../tracing';
import { FIRE_AHEAD_MS, ScheduleFirer } from './schedule-firer';
import { SchedulerService } from './scheduler.service';
import { SchedulesController } from './schedules.controller';
import { SchedulesService } from './schedules.service';

/**
 * Recurring schedules: the scheduler on every instance (SCHEDULER_ENABLED), and with the API the
 * /schedules routes. Schedules live in the job engine beside the jobs (ScheduleStore, from
 * QueueModule, global).
 */
@Module({})
export class SchedulesModule {
  static forRoot(api: boolean): DynamicModule {
    const scheduler: Provider = {
      provide: SchedulerService,
      inject: [ScheduleStore, JobQueue, JobAdmin, CLOCK, AppConfig, ClaimqMetrics, JobTracer, Outbox],
      useFactory: (schedules: ScheduleStore, jobs: JobQueue, admin: JobAdmin, clock: Clock, config: AppConfig, metrics: ClaimqMetrics, tracer: JobTracer, outbox: Outbox) => {
        const logger = new Logger('Scheduler');
        const onPlanError = (name: string, error: unknown): void => {
          metrics.scheduleFireFailed();
          logger.warn(`schedule ${name} could not be planned; it is tried again after SCHEDULER_LEASE_MS: ${errorText(error)}`);
        };
        return new SchedulerService(
          new ScheduleFirer(
            schedules,
            jobs,
            admin,
            clock,
            { batch: config.scheduler.batch, leaseMs: config.scheduler.leaseMs, misfireGraceMs: config.scheduler.misfireGraceMs, aheadMs: FIRE_AHEAD_MS, onPlanError, hostGroups: config.hostGroups, tracer },
            metrics,
          ),
          clock,
          { enabled: config.scheduler.enabled, pollMs: config.scheduler.pollMs, aheadMs: FIRE_AHEAD_MS },
          metrics,
          (listener) => outbox.onSignal(listener),
        );
      },
    };
    return {
      module: SchedulesModule,
      imports: api ? [JobsModule] : [],
      controllers: api ? [SchedulesController] : [],
      providers: api ? [scheduler, SchedulesService] : [scheduler],
      exports: api ? [SchedulerService, SchedulesService] : [SchedulerService],
    };
  }
}
