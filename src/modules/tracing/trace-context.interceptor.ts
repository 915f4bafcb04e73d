import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { JobTracer } from './job-tracer';

/**
 * On the routes that enqueue (POST /jobs, /jobs/bulk, /executions, /schedules/:name/trigger): the
 * handler runs in the trace context of the request's traceparent and tracestate headers, so the
 * `enqueue` span is in the client's trace, and the jobs with it. Tracing off: passes through.
 */
@Injectable()
export class TraceContextInterceptor implements NestInterceptor {
  constructor(private readonly tracer: JobTracer) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.tracer.enabled) return next.handle();
    const { headers } = context.switchToHttp().getRequest<Request>();
    // Nest binds the handler's async scope when handle() is called: inside the request's context
    return this.tracer.withIncomingRequest(headers, () => next.handle());
  }
}
