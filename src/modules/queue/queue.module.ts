import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK, systemClock } from '../../domain/clock';
import { AuditStore } from './audit-store';
import { CallbackEnqueuer } from './callback-enqueuer';
import { ExecutionStore } from './execution-store';
import { GroupStore } from './group-store';
import { JobAdmin } from './job-admin';
import { JobEngine } from './job-engine';
import { createJobEngine } from './job-engine.factory';
import { JobQueue } from './job-queue';
import { Outbox } from './outbox';
import { QueueStatsStore } from './queue-stats-store';
import { ScheduleStore } from './schedule-store';
import { StoreHealth } from './store-health';
import { UpkeepStore } from './upkeep-store';
import { WorkerDirectory } from './worker-directory';
import { JobTracer } from '../tracing';

/** The engine's ports, each provided under its abstract class from the engine's field. */
const PORTS = [
  [JobQueue, 'jobs'],
  [JobAdmin, 'admin'],
  [UpkeepStore, 'upkeep'],
  [ExecutionStore, 'executions'],
  [Outbox, 'outbox'],
  [ScheduleStore, 'schedules'],
  [GroupStore, 'groups'],
  [WorkerDirectory, 'workers'],
  [AuditStore, 'audit'],
  [QueueStatsStore, 'stats'],
  [StoreHealth, 'health'],
] as const satisfies ReadonlyArray<readonly [abstract new () => unknown, Exclude<keyof JobEngine, 'close'>]>;

/**
 * The job engine (from JOB_STORE) as its ports (JobQueue, JobAdmin, UpkeepStore, ExecutionStore,
 * Outbox, ScheduleStore, GroupStore, WorkerDirectory, AuditStore, QueueStatsStore, StoreHealth),
 * the clock every part reads and the one callback service, to every module of claimq: global,
 * since every part needs the engine. The engine itself stays here: this module builds and closes it.
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: JobEngine, inject: [AppConfig, CLOCK, JobTracer], useFactory: createJobEngine },
    // each port under its own token: what the rest of claimq injects
    ...PORTS.map(([token, port]) => ({ provide: token, inject: [JobEngine], useFactory: (engine: JobEngine) => engine[port] })),
    {
      provide: CallbackEnqueuer,
      inject: [JobQueue, JobAdmin, CLOCK, AppConfig, JobTracer],
      useFactory: (jobs: JobQueue, admin: JobAdmin, clock: Clock, config: AppConfig, tracer: JobTracer) =>
        new CallbackEnqueuer(jobs, admin, clock, config.maxPayloadBytes, undefined, config.hostGroups, tracer),
    },
  ],
  exports: [...PORTS.map(([token]) => token), CLOCK, CallbackEnqueuer],
})
export class QueueModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(JobEngine) private readonly engine: JobEngine,
    @Inject(StoreHealth) private readonly health: StoreHealth,
  ) {}

  /** A Redis too old for the scripts stops the start here, with the reason. */
  async onModuleInit(): Promise<void> {
    await this.health.checkAtStart();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engine.close();
  }
}
