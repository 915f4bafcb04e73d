import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { createJobStore } from './job-store.factory';
import { StoreHealth } from './store-health';

/** The JobStore (from JOB_STORE) and its StoreHealth (for readiness), to every module. */
@Global()
@Module({
  providers: [
    { provide: JobStore, inject: [AppConfig], useFactory: createJobStore },
    { provide: StoreHealth, inject: [JobStore], useFactory: (store: JobStore) => store.health },
  ],
  exports: [JobStore, StoreHealth],
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
