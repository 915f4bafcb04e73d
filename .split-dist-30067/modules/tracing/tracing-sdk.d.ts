import { TracerProvider as ApiTracerProvider } from '@opentelemetry/api';
import { Sampler, TracerProvider } from '@opentelemetry/sdk-trace';
import { TraceSamplerName, TracingSettings } from '../../config/tracing-settings';
/**
 * The OpenTelemetry SDK claimq starts from the OTEL_* variables (TracingSettings): a
 * TracerProvider with the exporters, sampler and resource they name. Registered as the global
 * tracer provider and propagator when none is yet, so spans a handler makes itself (through
 * @opentelemetry/api) are children of its run; an app that set up its own SDK first keeps its own.
 */
export declare class TracingSdk {
    readonly provider: TracerProvider;
    private registeredProvider;
    private registeredPropagator;
    private loggingDiag;
    constructor(settings: TracingSettings);
    /** Registers what is not registered yet: the context manager, the tracer provider and the propagator, and OTel's own warnings in the logs. */
    start(): void;
    /** Exports what is buffered and stops; rejects after `timeoutMs`, and what is not sent by then is dropped. */
    shutdown(timeoutMs: number): Promise<void>;
}
/**
 * Spans find their parent in the active context, which needs a context manager (AsyncLocalStorage).
 * The first one registered in the process stays: an app's own, or the one made here. It is never
 * unregistered, since other apps in the same process (tests) may rely on it.
 */
export declare function ensureContextManager(): void;
/** Flushes a provider an embedding app handed in (it stays the app's to shut down); rejects after `timeoutMs`. */
export declare function flushProvider(provider: ApiTracerProvider, timeoutMs: number): Promise<void>;
export declare function samplerOf(name: TraceSamplerName, ratio: number): Sampler;
