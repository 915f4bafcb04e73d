import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { WorkerRuntime } from './worker-runtime';

/**
 * Starts the workers once every module is initialised (handlers discovered) and drains them
 * before the app shuts down: beforeApplicationShutdown runs while the store, the heartbeat
 * interval and the HTTP server (/health) are still up.
 */
@Injectable()
export class WorkerLifecycleService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly runtime: WorkerRuntime) {}

  onApplicationBootstrap(): void {
    this.runtime.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.runtime.shutdown();
  }
}
