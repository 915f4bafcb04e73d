/**
 * The OpenTelemetry variables claimq reads (README, Traces), parsed into what the tracing module
 * builds from. Tracing is off unless a variable asks for an exporter: OTEL_TRACES_EXPORTER names
 * one, or an OTLP endpoint is set. OTEL_SDK_DISABLED=true turns it off whatever else is set (and
 * the other OTEL_* variables are then not checked: a platform may set values claimq does not take).
 */

export const TRACE_EXPORTERS = ['otlp', 'console', 'none'] as const;
export type TraceExporterName = Exclude<(typeof TRACE_EXPORTERS)[number], 'none'>;

/** OTLP over HTTP only: protobuf (the specification's default) or JSON. gRPC is refused at start. */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** The samplers of the specification that need nothing beyond the SDK (no remote sampling). */
export const TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

/** The specification's default endpoint of OTLP/HTTP traces. */
export const DEFAULT_OTLP_TRACES_URL = 'http://localhost:4318/v1/traces';
export const DEFAULT_SERVICE_NAME = 'claimq';

export interface TracingSettings {
  /** OTEL_SDK_DISABLED=true: no tracing, not even with a provider an embedding app hands in. */
  disabled: boolean;
  /** The exporters the environment asks for; empty: tracing is off unless an embedding app hands in a provider. */
  exporters: TraceExporterName[];
  otlp: { url: string; protocol: OtlpProtocol };
  sampler: { name: TraceSamplerName; ratio: number };
  serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resourceAttributes: Record<string, string>;
}

/** The raw variables, as validated by EnvironmentVariables (each one valid on its own). */
export interface TracingVariables {
  OTEL_SDK_DISABLED: boolean;
  OTEL_TRACES_EXPORTER?: string;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_PROTOCOL?: string;
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: string;
  OTEL_SERVICE_NAME?: string;
  OTEL_RESOURCE_ATTRIBUTES?: string;
  OTEL_TRACES_SAMPLER: string;
  OTEL_TRACES_SAMPLER_ARG?: string;
}

/** Throws naming the variable and the reason; call once each variable passed its own check. */
export function parseTracingSettings(env: TracingVariables): TracingSettings {
  const resourceAttributes = env.OTEL_SDK_DISABLED ? {} : parseResourceAttributes(env.OTEL_RESOURCE_ATTRIBUTES);
  return {
    disabled: env.OTEL_SDK_DISABLED,
    exporters: env.OTEL_SDK_DISABLED ? [] : exportersOf(env),
    otlp: {
      url: otlpTracesUrl(env),
      protocol: (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf') as OtlpProtocol,
    },
    sampler: { name: env.OTEL_TRACES_SAMPLER as TraceSamplerName, ratio: env.OTEL_SDK_DISABLED ? 1 : samplerRatio(env.OTEL_TRACES_SAMPLER_ARG) },
    serviceName: env.OTEL_SERVICE_NAME ?? resourceAttributes['service.name'] ?? DEFAULT_SERVICE_NAME,
    resourceAttributes,
  };
}

/** What parseTracingSettings would throw, every variable's reason (none when OTEL_SDK_DISABLED=true). */
export function tracingSettingsErrors(env: TracingVariables): string[] {
  if (env.OTEL_SDK_DISABLED) return [];
  const errors: string[] = [];
  for (const check of [() => exportersOf(env), () => samplerRatio(env.OTEL_TRACES_SAMPLER_ARG), () => parseResourceAttributes(env.OTEL_RESOURCE_ATTRIBUTES)]) {
    try {
      check();
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  return errors;
}

/** The list OTEL_TRACES_EXPORTER names; unset: otlp when an endpoint is set, else none. */
function exportersOf(env: TracingVariables): TraceExporterName[] {
  if (env.OTEL_TRACES_EXPORTER === undefined) {
    return env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined ? ['otlp'] : [];
  }
  const names = env.OTEL_TRACES_EXPORTER.split(',').map((name) => name.trim());
  if (names.includes('none')) {
    if (names.length > 1) throw new Error(`OTEL_TRACES_EXPORTER=${JSON.stringify(env.OTEL_TRACES_EXPORTER)}: none cannot be combined with an exporter`);
    return [];
  }
  return [...new Set(names)] as TraceExporterName[];
}

/** The per-signal endpoint as it is; else the base endpoint with /v1/traces appended (the specification's rule). */
function otlpTracesUrl(env: TracingVariables): string {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return DEFAULT_OTLP_TRACES_URL;
}

/** OTEL_TRACES_SAMPLER_ARG: the ratio of the traceidratio samplers, 0 to 1 (default 1). */
function samplerRatio(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const ratio = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG=${JSON.stringify(raw)}: must be a number from 0 to 1 (the ratio of traces sampled)`);
  }
  return ratio;
}

/**
 * `key=value,key=value`, values percent-encoded (the W3C Baggage octet rules the specification
 * names). An entry without `=` or a key, or a value that does not decode, stops the start.
 */
export function parseResourceAttributes(raw: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (raw === undefined) return attributes;
  for (const entry of raw.split(',')) {
    if (entry.trim() === '') continue;
    const eq = entry.indexOf('=');
    const key = eq < 0 ? '' : entry.slice(0, eq).trim();
    if (key === '') throw new Error(`OTEL_RESOURCE_ATTRIBUTES: ${JSON.stringify(entry.trim())} is not key=value`);
    try {
      attributes[key] = decodeURIComponent(entry.slice(eq + 1).trim());
    } catch {
      throw new Error(`OTEL_RESOURCE_ATTRIBUTES: the value of ${key} is not valid percent-encoding`);
    }
  }
  return attributes;
}
