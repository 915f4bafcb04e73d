"use strict";
/**
 * The OpenTelemetry variables claimq reads (README, Traces), parsed into what the tracing module
 * builds from. Tracing is off unless a variable asks for an exporter: OTEL_TRACES_EXPORTER names
 * one, or an OTLP endpoint is set. OTEL_SDK_DISABLED=true turns it off whatever else is set (and
 * the other OTEL_* variables are then not checked: a platform may set values claimq does not take).
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_SERVICE_NAME = exports.DEFAULT_OTLP_TRACES_URL = exports.TRACE_SAMPLERS = exports.OTLP_PROTOCOLS = exports.TRACE_EXPORTERS = void 0;
exports.parseTracingSettings = parseTracingSettings;
exports.tracingSettingsErrors = tracingSettingsErrors;
exports.parseResourceAttributes = parseResourceAttributes;
exports.TRACE_EXPORTERS = ['otlp', 'console', 'none'];
/** OTLP over HTTP only: protobuf (the specification's default) or JSON. gRPC is refused at start. */
exports.OTLP_PROTOCOLS = ['http/protobuf', 'http/json'];
/** The samplers of the specification that need nothing beyond the SDK (no remote sampling). */
exports.TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];
/** The specification's default endpoint of OTLP/HTTP traces. */
exports.DEFAULT_OTLP_TRACES_URL = 'http://localhost:4318/v1/traces';
exports.DEFAULT_SERVICE_NAME = 'claimq';
/** Throws naming the variable and the reason; call once each variable passed its own check. */
function parseTracingSettings(env) {
    const resourceAttributes = env.OTEL_SDK_DISABLED ? {} : parseResourceAttributes(env.OTEL_RESOURCE_ATTRIBUTES);
    return {
        disabled: env.OTEL_SDK_DISABLED,
        exporters: env.OTEL_SDK_DISABLED ? [] : exportersOf(env),
        otlp: {
            url: otlpTracesUrl(env),
            protocol: (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf'),
        },
        sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_SDK_DISABLED ? 1 : samplerRatio(env.OTEL_TRACES_SAMPLER_ARG) },
        serviceName: env.OTEL_SERVICE_NAME ?? resourceAttributes['service.name'] ?? exports.DEFAULT_SERVICE_NAME,
        resourceAttributes,
    };
}
/** What parseTracingSettings would throw, every variable's reason (none when OTEL_SDK_DISABLED=true). */
function tracingSettingsErrors(env) {
    if (env.OTEL_SDK_DISABLED)
        return [];
    const errors = [];
    for (const check of [() => exportersOf(env), () => samplerRatio(env.OTEL_TRACES_SAMPLER_ARG), () => parseResourceAttributes(env.OTEL_RESOURCE_ATTRIBUTES)]) {
        try {
            check();
        }
        catch (err) {
            errors.push(err.message);
        }
    }
    return errors;
}
/** The list OTEL_TRACES_EXPORTER names; unset: otlp when an endpoint is set, else none. */
function exportersOf(env) {
    if (env.OTEL_TRACES_EXPORTER === undefined) {
        return env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined ? ['otlp'] : [];
    }
    const names = env.OTEL_TRACES_EXPORTER.split(',').map((name) => name.trim());
    if (names.includes('none')) {
        if (names.length > 1)
            throw new Error(`OTEL_TRACES_EXPORTER=${JSON.stringify(env.OTEL_TRACES_EXPORTER)}: none cannot be combined with an exporter`);
        return [];
    }
    return [...new Set(names)];
}
/** The per-signal endpoint as it is; else the base endpoint with /v1/traces appended (the specification's rule). */
function otlpTracesUrl(env) {
    if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined)
        return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined)
        return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
    return exports.DEFAULT_OTLP_TRACES_URL;
}
/** OTEL_TRACES_SAMPLER_ARG: the ratio of the traceidratio samplers, 0 to 1 (default 1). */
function samplerRatio(raw) {
    if (raw === undefined)
        return 1;
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
function parseResourceAttributes(raw) {
    const attributes = {};
    if (raw === undefined)
        return attributes;
    for (const entry of raw.split(',')) {
        if (entry.trim() === '')
            continue;
        const eq = entry.indexOf('=');
        const key = eq < 0 ? '' : entry.slice(0, eq).trim();
        if (key === '')
            throw new Error(`OTEL_RESOURCE_ATTRIBUTES: ${JSON.stringify(entry.trim())} is not key=value`);
        try {
            attributes[key] = decodeURIComponent(entry.slice(eq + 1).trim());
        }
        catch {
            throw new Error(`OTEL_RESOURCE_ATTRIBUTES: the value of ${key} is not valid percent-encoding`);
        }
    }
    return attributes;
}
//# sourceMappingURL=tracing-settings.js.map