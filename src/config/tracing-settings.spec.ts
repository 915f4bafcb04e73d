import { AppConfig } from './app-config';

/** The error AppConfig.from throws for `env`, whole. */
function startError(env: Record<string, string>): string {
  try {
    AppConfig.from(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe('tracing settings (OTEL_*)', () => {
  it('leaves tracing off when no variable asks for an exporter, whatever else is set', () => {
    for (const env of [{}, { OTEL_SERVICE_NAME: 'billing', OTEL_TRACES_SAMPLER: 'always_on', OTEL_RESOURCE_ATTRIBUTES: 'team=ops' }, { OTEL_TRACES_EXPORTER: 'none' }]) {
      const { tracing } = AppConfig.from(env);
      expect(tracing.disabled).toBe(false);
      expect(tracing.exporters).toEqual([]);
    }
  });

  it('turns on OTLP when an endpoint is set, appending /v1/traces to the base endpoint and taking the traces endpoint as it is', () => {
    expect(AppConfig.from({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toMatchObject({
      exporters: ['otlp'],
      otlp: { url: 'http://collector:4318/v1/traces', protocol: 'http/protobuf' },
    });
    expect(
      AppConfig.from({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/in', OTEL_EXPORTER_OTLP_PROTOCOL: 'HTTP/JSON' })
        .tracing.otlp,
    ).toEqual({ url: 'https://traces.example/in', protocol: 'http/json' });
    expect(AppConfig.from({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }).tracing.otlp.protocol).toBe('http/protobuf');
  });

  it('takes the exporters OTEL_TRACES_EXPORTER names, the default endpoint for otlp, and none over an endpoint', () => {
    expect(AppConfig.from({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing).toMatchObject({ exporters: ['otlp'], otlp: { url: 'http://localhost:4318/v1/traces' } });
    expect(AppConfig.from({ OTEL_TRACES_EXPORTER: ' Console , otlp,console' }).tracing.exporters).toEqual(['console', 'otlp']);
    expect(AppConfig.from({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing.exporters).toEqual([]);
  });

  it('reads the sampler, its ratio, the service name and the resource attributes', () => {
    const { tracing } = AppConfig.from({
      OTEL_TRACES_SAMPLER: 'ParentBased_TraceIdRatio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod, team=job%20runners,service.name=ignored',
    });
    expect(tracing.sampler).toEqual({ name: 'parentbased_traceidratio', ratio: 0.25 });
    expect(tracing.resourceAttributes).toEqual({ 'deployment.environment': 'prod', team: 'job runners', 'service.name': 'ignored' });
    expect(tracing.serviceName).toBe('ignored');
    expect(AppConfig.from({ OTEL_SERVICE_NAME: 'billing', OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored' }).tracing.serviceName).toBe('billing');
    expect(AppConfig.from({}).tracing).toMatchObject({ sampler: { name: 'parentbased_always_on', ratio: 1 }, serviceName: 'claimq' });
  });

  it('stops the start naming the variable and the reason for a value claimq cannot use', () => {
    expect(startError({ OTEL_TRACES_EXPORTER: 'zipkin' })).toMatch(
      /OTEL_TRACES_EXPORTER="zipkin": OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console and none/,
    );
    expect(startError({ OTEL_TRACES_EXPORTER: 'none,otlp' })).toMatch(/OTEL_TRACES_EXPORTER="none,otlp": none cannot be combined with an exporter/);
    expect(startError({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318": OTEL_EXPORTER_OTLP_ENDPOINT must be an http:\/\/ or https:\/\/ URL/);
    expect(startError({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317' })).toMatch(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT="grpc:\/\/collector:4317"/);
    expect(startError({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toMatch(/OTEL_EXPORTER_OTLP_PROTOCOL="grpc": .*http\/protobuf, http\/json \(claimq exports OTLP over HTTP, not gRPC\)/);
    expect(startError({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toMatch(/OTEL_TRACES_SAMPLER="jaeger_remote": OTEL_TRACES_SAMPLER must be one of always_on, always_off, traceidratio/);
    for (const arg of ['1.5', '-0.1', 'half', ' ']) {
      expect(startError({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: arg })).toMatch(/OTEL_TRACES_SAMPLER_ARG=".*": must be a number from 0 to 1/);
    }
    expect(startError({ OTEL_RESOURCE_ATTRIBUTES: 'team=ops,oops' })).toMatch(/OTEL_RESOURCE_ATTRIBUTES: "oops" is not key=value/);
    expect(startError({ OTEL_RESOURCE_ATTRIBUTES: 'team=%E0%A4%A' })).toMatch(/OTEL_RESOURCE_ATTRIBUTES: the value of team is not valid percent-encoding/);
    expect(startError({ OTEL_SDK_DISABLED: 'yes' })).toMatch(/OTEL_SDK_DISABLED="yes": OTEL_SDK_DISABLED must be a boolean value/);
  });

  it('lists every bad OTEL_* variable at once, with the others', () => {
    const message = startError({ OTEL_TRACES_EXPORTER: 'jaeger', OTEL_TRACES_SAMPLER: 'sometimes', PORT: 'x' });
    expect(message).toMatch(/^invalid configuration:/);
    expect(message).toMatch(/PORT="x"/);
    expect(message).toMatch(/OTEL_TRACES_EXPORTER="jaeger"/);
    expect(message).toMatch(/OTEL_TRACES_SAMPLER="sometimes"/);
    const parsed = startError({ OTEL_TRACES_EXPORTER: 'none,otlp', OTEL_TRACES_SAMPLER_ARG: '2', OTEL_RESOURCE_ATTRIBUTES: 'oops' });
    expect(parsed.split('\n').slice(1)).toEqual([
      '  OTEL_TRACES_EXPORTER="none,otlp": none cannot be combined with an exporter',
      '  OTEL_TRACES_SAMPLER_ARG="2": must be a number from 0 to 1 (the ratio of traces sampled)',
      '  OTEL_RESOURCE_ATTRIBUTES: "oops" is not key=value',
    ]);
  });

  it('turns tracing off with OTEL_SDK_DISABLED=true whatever else is set, the other OTEL_* variables unchecked', () => {
    const { tracing } = AppConfig.from({
      OTEL_SDK_DISABLED: 'TRUE',
      OTEL_TRACES_EXPORTER: 'zipkin',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'jaeger_remote',
      OTEL_TRACES_SAMPLER_ARG: 'x',
      OTEL_RESOURCE_ATTRIBUTES: 'oops',
    });
    expect(tracing.disabled).toBe(true);
    expect(tracing.exporters).toEqual([]);
    expect(AppConfig.from({ OTEL_SDK_DISABLED: 'false', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toMatchObject({ disabled: false, exporters: ['otlp'] });
  });
});
