"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TracingSdk = void 0;
exports.ensureContextManager = ensureContextManager;
exports.flushProvider = flushProvider;
exports.samplerOf = samplerOf;
const node_async_hooks_1 = require("node:async_hooks");
const node_os_1 = require("node:os");
const common_1 = require("@nestjs/common");
const api_1 = require("@opentelemetry/api");
const context_async_hooks_1 = require("@opentelemetry/context-async-hooks");
const core_1 = require("@opentelemetry/core");
const exporter_trace_otlp_http_1 = require("@opentelemetry/exporter-trace-otlp-http");
const exporter_trace_otlp_proto_1 = require("@opentelemetry/exporter-trace-otlp-proto");
const resources_1 = require("@opentelemetry/resources");
const sdk_trace_1 = require("@opentelemetry/sdk-trace");
const semantic_conventions_1 = require("@opentelemetry/semantic-conventions");
const claimq_version_1 = require("../../common/claimq-version");
const within_timeout_1 = require("../../common/within-timeout");
/**
 * The OpenTelemetry SDK claimq starts from the OTEL_* variables (TracingSettings): a
 * TracerProvider with the exporters, sampler and resource they name. Registered as the global
 * tracer provider and propagator when none is yet, so spans a handler makes itself (through
 * @opentelemetry/api) are children of its run; an app that set up its own SDK first keeps its own.
 */
class TracingSdk {
    provider;
    registeredProvider = false;
    registeredPropagator = false;
    loggingDiag = false;
    constructor(settings) {
        this.provider = new sdk_trace_1.TracerProvider({
            resource: resourceOf(settings),
            sampler: samplerOf(settings.sampler.name, settings.sampler.ratio),
            spanProcessors: settings.exporters.map((name) => processorOf(name, settings)),
        });
    }
    /** Registers what is not registered yet: the context manager, the tracer provider and the propagator, and OTel's own warnings in the logs. */
    start() {
        ensureContextManager();
        this.registeredProvider = api_1.trace.setGlobalTracerProvider(this.provider);
        this.registeredPropagator = api_1.propagation.setGlobalPropagator(new core_1.W3CTraceContextPropagator());
        // Export failures (a collector away) reach the SDK's error handler, its warnings the diag
        // logger: both go to claimq's logs as warnings (traces lost are not the service failing).
        // Bound here, at start: the export timer runs in the context of whichever request armed it,
        // and its log line belongs to no request.
        const logger = new common_1.Logger('Tracing');
        const warn = node_async_hooks_1.AsyncResource.bind((message) => logger.warn(message));
        (0, core_1.setGlobalErrorHandler)((err) => warn(`OpenTelemetry: ${err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err)}`));
        this.loggingDiag = api_1.diag.setLogger({
            error: (message, ...args) => warn(diagText(message, args)),
            warn: (message, ...args) => warn(diagText(message, args)),
            info: () => undefined,
            debug: () => undefined,
            verbose: () => undefined,
        }, { logLevel: api_1.DiagLogLevel.WARN, suppressOverrideMessage: true });
    }
    /** Exports what is buffered and stops; rejects after `timeoutMs`, and what is not sent by then is dropped. */
    async shutdown(timeoutMs) {
        try {
            await (0, within_timeout_1.withinTimeout)(this.provider.shutdown(), timeoutMs);
        }
        finally {
            if (this.registeredProvider)
                api_1.trace.disable();
            if (this.registeredPropagator)
                api_1.propagation.disable();
            if (this.loggingDiag)
                api_1.diag.disable();
            (0, core_1.setGlobalErrorHandler)((0, core_1.loggingErrorHandler)());
        }
    }
}
exports.TracingSdk = TracingSdk;
/**
 * Spans find their parent in the active context, which needs a context manager (AsyncLocalStorage).
 * The first one registered in the process stays: an app's own, or the one made here. It is never
 * unregistered, since other apps in the same process (tests) may rely on it.
 */
function ensureContextManager() {
    const manager = new context_async_hooks_1.AsyncLocalStorageContextManager();
    manager.enable();
    if (!api_1.context.setGlobalContextManager(manager))
        manager.disable();
}
/** Flushes a provider an embedding app handed in (it stays the app's to shut down); rejects after `timeoutMs`. */
async function flushProvider(provider, timeoutMs) {
    const flushable = provider;
    if (typeof flushable.forceFlush === 'function')
        await (0, within_timeout_1.withinTimeout)(flushable.forceFlush(), timeoutMs);
}
function processorOf(name, settings) {
    // the console exporter is for looking at spans as they happen: no batching delay
    if (name === 'console')
        return new sdk_trace_1.SimpleSpanProcessor({ exporter: new sdk_trace_1.ConsoleSpanExporter() });
    const { url, protocol } = settings.otlp;
    const exporter = protocol === 'http/json' ? new exporter_trace_otlp_http_1.OTLPTraceExporter({ url }) : new exporter_trace_otlp_proto_1.OTLPTraceExporter({ url });
    return new sdk_trace_1.BatchSpanProcessor({ exporter });
}
function samplerOf(name, ratio) {
    switch (name) {
        case 'always_on':
            return new sdk_trace_1.AlwaysOnSampler();
        case 'always_off':
            return new sdk_trace_1.AlwaysOffSampler();
        case 'traceidratio':
            return new sdk_trace_1.TraceIdRatioBasedSampler(ratio);
        case 'parentbased_always_on':
            return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.AlwaysOnSampler() });
        case 'parentbased_always_off':
            return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.AlwaysOffSampler() });
        case 'parentbased_traceidratio':
            return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.TraceIdRatioBasedSampler(ratio) });
    }
}
/** The SDK's own attributes, claimq's name and version, this host and process, then OTEL_RESOURCE_ATTRIBUTES (OTEL_SERVICE_NAME wins for service.name). */
function resourceOf(settings) {
    return (0, resources_1.defaultResource)().merge((0, resources_1.resourceFromAttributes)({
        [semantic_conventions_1.ATTR_SERVICE_VERSION]: (0, claimq_version_1.claimqVersion)(),
        'host.name': (0, node_os_1.hostname)(),
        'process.pid': process.pid,
        ...settings.resourceAttributes,
        [semantic_conventions_1.ATTR_SERVICE_NAME]: settings.serviceName,
    }));
}
function diagText(message, args) {
    const details = args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : JSON.stringify(arg)));
    return [message, ...details].join(' ');
}
//# sourceMappingURL=tracing-sdk.js.map