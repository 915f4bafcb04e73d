/**
 * The OpenTelemetry variables claimq reads (README, Traces), parsed into what the tracing module
 * builds from. Tracing is off unless a variable asks for an exporter: OTEL_TRACES_EXPORTER names
 * one, or an OTLP endpoint is set. OTEL_SDK_DISABLED=true turns it off whatever else is set (and
 * the other OTEL_* variables are then not checked: a platform may set values claimq does not take).
 */
export declare const TRACE_EXPORTERS: readonly ["otlp", "console", "none"];
export type TraceExporterName = Exclude<(typeof TRACE_EXPORTERS)[number], 'none'>;
/** OTLP over HTTP only: protobuf (the specification's default) or JSON. gRPC is refused at start. */
export declare const OTLP_PROTOCOLS: readonly ["http/protobuf", "http/json"];
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
/** The samplers of the specification that need nothing beyond the SDK (no remote sampling). */
export declare const TRACE_SAMPLERS: readonly ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"];
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];
/** The specification's default endpoint of OTLP/HTTP traces. */
export declare const DEFAULT_OTLP_TRACES_URL = "http://localhost:4318/v1/traces";
export declare const DEFAULT_SERVICE_NAME = "claimq";
export interface TracingSettings {
    /** OTEL_SDK_DISABLED=true: no tracing, not even with a provider an embedding app hands in. */
    disabled: boolean;
    /** The exporters the environment asks for; empty: tracing is off unless an embedding app hands in a provider. */
    exporters: TraceExporterName[];
    otlp: {
        url: string;
        protocol: OtlpProtocol;
    };
    sampler: {
        name: TraceSamplerName;
        ratio: number;
    };
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
export declare function parseTracingSettings(env: TracingVariables): TracingSettings;
/** What parseTracingSettings would throw, every variable's reason (none when OTEL_SDK_DISABLED=true). */
export declare function tracingSettingsErrors(env: TracingVariables): string[];
/**
 * `key=value,key=value`, values percent-encoded (the W3C Baggage octet rules the specification
 * names). An entry without `=` or a key, or a value that does not decode, stops the start.
 */
export declare function parseResourceAttributes(raw: string | undefined): Record<string, string>;
