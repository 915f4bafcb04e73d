import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { createJobStore } from './job-store.factory';
import { StoreHealth } from './store-health';
import { createStoreHealth } from './store-health.factory';

/** The JobStore (from JOB_STORE) and its StoreHealth (for readiness), to every module. */
@Global()
@Module({
  providers: [
    { provide: JobStore, inject: [AppConfig], useFactory: createJobStore },
    { provide: StoreHealth, inject: [AppConfig, JobStore], useFactory: createStoreHealth },
  ],
  exports: [JobStore, StoreHealth],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JobStore) private readonly store: JobStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
