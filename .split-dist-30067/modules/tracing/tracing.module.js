"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var TracingModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.TracingModule = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const job_tracer_1 = require("./job-tracer");
const job_tracer_factory_1 = require("./job-tracer.factory");
/**
 * OpenTelemetry traces (README, Traces): the JobTracer every part of claimq records its spans
 * through, a no-op unless the OTEL_* variables (or an embedding app's provider) turn tracing on.
 * Global, as the store is: the API, the workers, the scheduler and the callbacks all trace.
 */
let TracingModule = TracingModule_1 = class TracingModule {
    static forRoot(tracerProvider) {
        return {
            module: TracingModule_1,
            global: true,
            providers: [{ provide: job_tracer_1.JobTracer, inject: [app_config_1.AppConfig], useFactory: (config) => (0, job_tracer_factory_1.createJobTracer)(config, tracerProvider) }],
            exports: [job_tracer_1.JobTracer],
        };
    }
};
exports.TracingModule = TracingModule;
exports.TracingModule = TracingModule = TracingModule_1 = __decorate([
    (0, common_1.Module)({})
], TracingModule);
//# sourceMappingURL=tracing.module.js.map