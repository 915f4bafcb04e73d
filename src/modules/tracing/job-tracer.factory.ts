import { TracerProvider } from '@opentelemetry/api';
import { AppConfig } from '../../config/app-config';
import { JobTracer } from './job-tracer';
import { NoopJobTracer } from './noop-job-tracer';
import { OtelJobTracer } from './otel-job-tracer';
import { ensureContextManager, flushProvider, TracingSdk } from './tracing-sdk';

/**
 * The JobTracer of this instance (README, Traces): off with OTEL_SDK_DISABLED=true whatever else;
 * on the provider an embedding app hands in (ClaimqModuleOptions.tracerProvider); on an SDK of its
 * own when the OTEL_* variables name an exporter; else off.
 */
export function createJobTracer(config: AppConfig, given?: TracerProvider): JobTracer {
  const settings = config.tracing;
  if (settings.disabled) return new NoopJobTracer();
  const shutdownGraceMs = config.shutdownGraceMs;
  if (given !== undefined) {
    ensureContextManager();
    return new OtelJobTracer(given, { shutdownGraceMs, flush: (timeoutMs) => flushProvider(given, timeoutMs) });
  }
  if (settings.exporters.length === 0) return new NoopJobTracer();
  const sdk = new TracingSdk(settings);
  sdk.start();
  return new OtelJobTracer(sdk.provider, { shutdownGraceMs, flush: (timeoutMs) => sdk.shutdown(timeoutMs) });
}
