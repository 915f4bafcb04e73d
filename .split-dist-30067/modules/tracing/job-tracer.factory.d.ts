import { TracerProvider } from '@opentelemetry/api';
import { AppConfig } from '../../config/app-config';
import { JobTracer } from './job-tracer';
/**
 * The JobTracer of this instance (README, Traces): off with OTEL_SDK_DISABLED=true whatever else;
 * on the provider an embedding app hands in (ClaimqModuleOptions.tracerProvider); on an SDK of its
 * own when the OTEL_* variables name an exporter; else off.
 */
export declare function createJobTracer(config: AppConfig, given?: TracerProvider): JobTracer;
