import { DynamicModule } from '@nestjs/common';
import { TracerProvider } from '@opentelemetry/api';
/**
 * OpenTelemetry traces (README, Traces): the JobTracer every part of claimq records its spans
 * through, a no-op unless the OTEL_* variables (or an embedding app's provider) turn tracing on.
 * Global, as the store is: the API, the workers, the scheduler and the callbacks all trace.
 */
export declare class TracingModule {
    static forRoot(tracerProvider?: TracerProvider): DynamicModule;
}
