"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TraceContextInterceptor = exports.NOOP_JOB_TRACER = exports.JobTracer = exports.enqueuedJobs = exports.TracingModule = void 0;
/** OpenTelemetry traces: the tracer the other modules record through, its module and its HTTP interceptor. */
var tracing_module_1 = require("./tracing.module");
Object.defineProperty(exports, "TracingModule", { enumerable: true, get: function () { return tracing_module_1.TracingModule; } });
var job_tracer_1 = require("./job-tracer");
Object.defineProperty(exports, "enqueuedJobs", { enumerable: true, get: function () { return job_tracer_1.enqueuedJobs; } });
Object.defineProperty(exports, "JobTracer", { enumerable: true, get: function () { return job_tracer_1.JobTracer; } });
var noop_job_tracer_1 = require("./noop-job-tracer");
Object.defineProperty(exports, "NOOP_JOB_TRACER", { enumerable: true, get: function () { return noop_job_tracer_1.NOOP_JOB_TRACER; } });
var trace_context_interceptor_1 = require("./trace-context.interceptor");
Object.defineProperty(exports, "TraceContextInterceptor", { enumerable: true, get: function () { return trace_context_interceptor_1.TraceContextInterceptor; } });
//# sourceMappingURL=index.js.map