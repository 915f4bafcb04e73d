"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ClaimModule = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const queue_1 = require("../queue");
const builtin_job_handlers_1 = require("./builtin/builtin-job.handlers");
const handler_discovery_service_1 = require("./handler-discovery.service");
const handler_registry_1 = require("./handler-registry");
const http_job_handler_1 = require("./http/http-job.handler");
const lease_heartbeat_scheduler_1 = require("./lease-heartbeat.scheduler");
const lease_heartbeat_service_1 = require("./lease-heartbeat.service");
const worker_identity_1 = require("./worker-identity");
const worker_lifecycle_service_1 = require("./worker-lifecycle.service");
const worker_runtime_1 = require("./worker-runtime");
const worker_observer_1 = require("./worker-observer");
const tracing_1 = require("../tracing");
/**
 * The worker runtime: claims jobs of config.queues, runs them with the handlers of their type
 * (@JobHandler methods anywhere in the app, HandlerRegistry.register, the built-in http, noop and
 * sleep types), keeps their leases alive, drains on shutdown. Needs JobStore (QueueModule) and
 * AppConfig (AppConfigModule), both global. Embedding code imports it next to its own handlers.
 */
let ClaimModule = class ClaimModule {
};
exports.ClaimModule = ClaimModule;
exports.ClaimModule = ClaimModule = __decorate([
    (0, common_1.Module)({
        imports: [core_1.DiscoveryModule],
        providers: [
            handler_registry_1.HandlerRegistry,
            { provide: worker_identity_1.WorkerIdentity, useFactory: () => new worker_identity_1.WorkerIdentity() },
            {
                provide: worker_runtime_1.WorkerRuntime,
                inject: [queue_1.JobStore, handler_registry_1.HandlerRegistry, worker_identity_1.WorkerIdentity, app_config_1.AppConfig, queue_1.CallbackEnqueuer, clock_1.CLOCK, tracing_1.JobTracer, { token: worker_observer_1.WORKER_OBSERVER, optional: true }],
                useFactory: (store, registry, identity, config, callbacks, clock, tracer, observer) => new worker_runtime_1.WorkerRuntime(store, registry, identity.id, {
                    queues: config.queues,
                    concurrency: config.workerConcurrency,
                    leaseMs: config.leaseMs,
                    shutdownGraceMs: config.shutdownGraceMs,
                    maxIdleWaitMs: config.workerIdleWaitMs,
                    callbacks,
                    clock,
                    observer,
                    tracer,
                }),
            },
            { provide: lease_heartbeat_service_1.LeaseHeartbeatService, inject: [worker_runtime_1.WorkerRuntime], useFactory: (runtime) => runtime.heartbeat },
            {
                provide: http_job_handler_1.HttpJobHandler,
                inject: [app_config_1.AppConfig, clock_1.CLOCK, tracing_1.JobTracer, { token: worker_observer_1.WORKER_OBSERVER, optional: true }],
                useFactory: (config, clock, tracer, observer) => new http_job_handler_1.HttpJobHandler({
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
            builtin_job_handlers_1.BuiltinJobHandlers,
            handler_discovery_service_1.HandlerDiscoveryService,
            lease_heartbeat_scheduler_1.LeaseHeartbeatScheduler,
            worker_lifecycle_service_1.WorkerLifecycleService,
        ],
        exports: [handler_registry_1.HandlerRegistry, worker_identity_1.WorkerIdentity],
    })
], ClaimModule);
//# sourceMappingURL=claim.module.js.map