import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JobStore } from './job-store';
import { createJobStore } from './job-store.factory';

@Global()
@Module({
  providers: [{ provide: JobStore, inject: [AppConfig], useFactory: createJobStore }],
  exports: [JobStore],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JobStore) private readonly store: JobStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
