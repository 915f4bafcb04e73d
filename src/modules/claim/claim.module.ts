import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../../config/app-config';
import { Clock, CLOCK } from '../../domain/clock';
import { CallbackEnqueuer, JobQueue, Outbox, WorkerDirectory } from '../queue';
import { BuiltinJobHandlers } from './builtin/builtin-job.handlers';
import { HandlerDiscoveryService } from './handler-discovery.service';
import { HandlerRegistry } from './handler-registry';
import { HttpJobHandler } from './http/http-job.handler';
import { LeaseHeartbeatScheduler } from './lease-heartbeat.scheduler';
import { LeaseHeartbeatService } from './lease-heartbeat.service';
import { WorkerIdentity } from './worker-identity';
import { WorkerLifecycleService } from './worker-lifecycle.service';
import { WorkerRuntime } from './worker-runtime';
import { WORKER_OBSERVER, WorkerObserver } from './worker-observer';
import { JobTracer } from '../tracing';

/**
 * The worker runtime: claims jobs of config.queues, runs them with the handlers of their type
 * (@JobHandler methods anywhere in the app, HandlerRegistry.register, the built-in http, noop and
 * sleep types), keeps their leases alive, drains on shutdown. Needs JobQueue and WorkerDirectory
 * (QueueModule) and AppConfig (AppConfigModule), all global. Embedding code imports it next to its
 * own handlers.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    HandlerRegistry,
    { provide: WorkerIdentity, useFactory: () => new WorkerIdentity() },
    {
      provide: WorkerRuntime,
      inject: [JobQueue, WorkerDirectory, HandlerRegistry, WorkerIdentity, AppConfig, CallbackEnqueuer, CLOCK, JobTracer, Outbox, { token: WORKER_OBSERVER, optional: true }],
      useFactory: (
        jobs: JobQueue,
        workers: WorkerDirectory,
        registry: HandlerRegistry,
        identity: WorkerIdentity,
        config: AppConfig,
        callbacks: CallbackEnqueuer,
        clock: Clock,
        tracer: JobTracer,
        outbox: Outbox,
        observer?: WorkerObserver,
      ) =>
        new WorkerRuntime(jobs, workers, registry, identity.id, {
          queues: config.queues,
          concurrency: config.workerConcurrency,
          leaseMs: config.leaseMs,
          shutdownGraceMs: config.shutdownGraceMs,
          maxIdleWaitMs: config.workerIdleWaitMs,
          callbacks,
          clock,
          observer,
          tracer,
          cancels: (listener) => outbox.onCancelRequested((cancel) => listener(cancel.jobId)),
          signals: (listener) => outbox.onSignal(listener),
          logLines: config.jobLogLines,
        }),
    },
    { provide: LeaseHeartbeatService, inject: [WorkerRuntime], useFactory: (runtime: WorkerRuntime) => runtime.heartbeat },
    {
      provide: HttpJobHandler,
      inject: [AppConfig, CLOCK, JobTracer, { token: WORKER_OBSERVER, optional: true }],
      useFactory: (config: AppConfig, clock: Clock, tracer: JobTracer, observer?: WorkerObserver) =>
        new HttpJobHandler({
          allowedHosts: config.httpJobAllowedHosts,
          egress: config.egressPolicy(),
          maxRedirects: config.httpMaxRedirects,
          secrets: config.httpJobSecrets(),
          signer: config.callbackSigner(),
          clock,
          tracer,
          onEgressDenied: observer?.onEgressDenied?.bind(observer),
        }),
    },
    BuiltinJobHandlers,
    HandlerDiscoveryService,
    LeaseHeartbeatScheduler,
    WorkerLifecycleService,
  ],
  exports: [HandlerRegistry, WorkerIdentity],
})
export class ClaimModule {}
