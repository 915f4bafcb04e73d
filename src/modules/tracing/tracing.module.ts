import { DynamicModule, Module } from '@nestjs/common';
import { TracerProvider } from '@opentelemetry/api';
import { AppConfig } from '../../config/app-config';
import { JobTracer } from './job-tracer';
import { createJobTracer } from './job-tracer.factory';

/**
 * OpenTelemetry traces (README, Traces): the JobTracer every part of claimq records its spans
 * through, a no-op unless the OTEL_* variables (or an embedding app's provider) turn tracing on.
 * Global, as the store is: the API, the workers, the scheduler and the callbacks all trace.
 */
@Module({})
export class TracingModule {
  static forRoot(tracerProvider?: TracerProvider): DynamicModule {
    return {
      module: TracingModule,
      global: true,
      providers: [{ provide: JobTracer, inject: [AppConfig], useFactory: (config: AppConfig) => createJobTracer(config, tracerProvider) }],
      exports: [JobTracer],
    };
  }
}
