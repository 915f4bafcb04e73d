import { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { JobTracer } from './job-tracer';
/**
 * On the routes that enqueue (POST /jobs, /jobs/bulk, /executions, /schedules/:name/trigger): the
 * handler runs in the trace context of the request's traceparent and tracestate headers, so the
 * `enqueue` span is in the client's trace, and the jobs with it. Tracing off: passes through.
 */
export declare class TraceContextInterceptor implements NestInterceptor {
    private readonly tracer;
    constructor(tracer: JobTracer);
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
}
