"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createJobTracer = createJobTracer;
const noop_job_tracer_1 = require("./noop-job-tracer");
const otel_job_tracer_1 = require("./otel-job-tracer");
const tracing_sdk_1 = require("./tracing-sdk");
/**
 * The JobTracer of this instance (README, Traces): off with OTEL_SDK_DISABLED=true whatever else;
 * on the provider an embedding app hands in (ClaimqModuleOptions.tracerProvider); on an SDK of its
 * own when the OTEL_* variables name an exporter; else off.
 */
function createJobTracer(config, given) {
    const settings = config.tracing;
    if (settings.disabled)
        return new noop_job_tracer_1.NoopJobTracer();
    const shutdownGraceMs = config.shutdownGraceMs;
    if (given !== undefined) {
        (0, tracing_sdk_1.ensureContextManager)();
        return new otel_job_tracer_1.OtelJobTracer(given, { shutdownGraceMs, flush: (timeoutMs) => (0, tracing_sdk_1.flushProvider)(given, timeoutMs) });
    }
    if (settings.exporters.length === 0)
        return new noop_job_tracer_1.NoopJobTracer();
    const sdk = new tracing_sdk_1.TracingSdk(settings);
    sdk.start();
    return new otel_job_tracer_1.OtelJobTracer(sdk.provider, { shutdownGraceMs, flush: (timeoutMs) => sdk.shutdown(timeoutMs) });
}
//# sourceMappingURL=job-tracer.factory.js.map