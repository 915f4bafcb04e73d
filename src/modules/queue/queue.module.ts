import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK, systemClock } from '../../domain/clock';
import { CallbackEnqueuer } from './callback-enqueuer';
import { JobStore } from './job-store';
import { createJobStore } from './job-store.factory';
import { StoreHealth } from './store-health';
import { JobTracer } from '../tracing';

/**
 * The JobStore (from JOB_STORE), its StoreHealth (readiness), the clock every part reads and the
 * one callback service, to every module of claimq: global, since every part needs the store.
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: JobStore, inject: [AppConfig, CLOCK, JobTracer], useFactory: createJobStore },
    {
      provide: CallbackEnqueuer,
      inject: [JobStore, CLOCK, AppConfig, JobTracer],
      useFactory: (store: JobStore, clock: Clock, config: AppConfig, tracer: JobTracer) =>
        new CallbackEnqueuer(store, clock, config.maxPayloadBytes, undefined, config.hostGroups, tracer),
    },
    { provide: StoreHealth, inject: [JobStore], useFactory: (store: JobStore) => store.health },
  ],
  exports: [JobStore, StoreHealth, CLOCK, CallbackEnqueuer],
})
export class QueueModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(JobStore) private readonly store: JobStore,
    @Inject(StoreHealth) private readonly health: StoreHealth,
  ) {}

  /** A Redis too old for the scripts stops the start here, with the reason. */
  async onModuleInit(): Promise<void> {
    await this.health.checkAtStart();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
