import { AsyncResource } from 'node:async_hooks';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { context, diag, DiagLogLevel, propagation, trace, TracerProvider as ApiTracerProvider } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { loggingErrorHandler, setGlobalErrorHandler, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, Resource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  Sampler,
  SimpleSpanProcessor,
  SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { claimqVersion } from '../../common/claimq-version';
import { withinTimeout } from '../../common/within-timeout';
import { TraceSamplerName, TracingSettings } from '../../config/tracing-settings';

/**
 * The OpenTelemetry SDK claimq starts from the OTEL_* variables (TracingSettings): a
 * TracerProvider with the exporters, sampler and resource they name. Registered as the global
 * tracer provider and propagator when none is yet, so spans a handler makes itself (through
 * @opentelemetry/api) are children of its run; an app that set up its own SDK first keeps its own.
 */
export class TracingSdk {
  readonly provider: TracerProvider;
  private registeredProvider = false;
  private registeredPropagator = false;
  private loggingDiag = false;

  constructor(settings: TracingSettings) {
    this.provider = new TracerProvider({
      resource: resourceOf(settings),
      sampler: samplerOf(settings.sampler.name, settings.sampler.ratio),
      spanProcessors: settings.exporters.map((name) => processorOf(name, settings)),
    });
  }

  /** Registers what is not registered yet: the context manager, the tracer provider and the propagator, and OTel's own warnings in the logs. */
  start(): void {
    ensureContextManager();
    this.registeredProvider = trace.setGlobalTracerProvider(this.provider);
    this.registeredPropagator = propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    // Export failures (a collector away) reach the SDK's error handler, its warnings the diag
    // logger: both go to claimq's logs as warnings (traces lost are not the service failing).
    // Bound here, at start: the export timer runs in the context of whichever request armed it,
    // and its log line belongs to no request.
    const logger = new Logger('Tracing');
    const warn = AsyncResource.bind((message: string) => logger.warn(message));
    setGlobalErrorHandler((err) => warn(`OpenTelemetry: ${err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err)}`));
    this.loggingDiag = diag.setLogger(
      {
        error: (message, ...args) => warn(diagText(message, args)),
        warn: (message, ...args) => warn(diagText(message, args)),
        info: () => undefined,
        debug: () => undefined,
        verbose: () => undefined,
      },
      { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
    );
  }

  /** Exports what is buffered and stops; rejects after `timeoutMs`, and what is not sent by then is dropped. */
  async shutdown(timeoutMs: number): Promise<void> {
    try {
      await withinTimeout(this.provider.shutdown(), timeoutMs);
    } finally {
      if (this.registeredProvider) trace.disable();
      if (this.registeredPropagator) propagation.disable();
      if (this.loggingDiag) diag.disable();
      setGlobalErrorHandler(loggingErrorHandler());
    }
  }
}

/**
 * Spans find their parent in the active context, which needs a context manager (AsyncLocalStorage).
 * The first one registered in the process stays: an app's own, or the one made here. It is never
 * unregistered, since other apps in the same process (tests) may rely on it.
 */
export function ensureContextManager(): void {
  const manager = new AsyncLocalStorageContextManager();
  manager.enable();
  if (!context.setGlobalContextManager(manager)) manager.disable();
}

/** Flushes a provider an embedding app handed in (it stays the app's to shut down); rejects after `timeoutMs`. */
export async function flushProvider(provider: ApiTracerProvider, timeoutMs: number): Promise<void> {
  const flushable = provider as { forceFlush?: () => Promise<void> };
  if (typeof flushable.forceFlush === 'function') await withinTimeout(flushable.forceFlush(), timeoutMs);
}

function processorOf(name: 'otlp' | 'console', settings: TracingSettings): SpanProcessor {
  // the console exporter is for looking at spans as they happen: no batching delay
  if (name === 'console') return new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() });
  const { url, protocol } = settings.otlp;
  const exporter = protocol === 'http/json' ? new OtlpJsonExporter({ url }) : new OtlpProtobufExporter({ url });
  return new BatchSpanProcessor({ exporter });
}

export function samplerOf(name: TraceSamplerName, ratio: number): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

/** The SDK's own attributes, claimq's name and version, this host and process, then OTEL_RESOURCE_ATTRIBUTES (OTEL_SERVICE_NAME wins for service.name). */
function resourceOf(settings: TracingSettings): Resource {
  return defaultResource().merge(
    resourceFromAttributes({
      [ATTR_SERVICE_VERSION]: claimqVersion(),
      'host.name': hostname(),
      'process.pid': process.pid,
      ...settings.resourceAttributes,
      [ATTR_SERVICE_NAME]: settings.serviceName,
    }),
  );
}

function diagText(message: string, args: unknown[]): string {
  const details = args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : JSON.stringify(arg)));
  return [message, ...details].join(' ');
}

