import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, Logger, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { concatMap, Observable } from 'rxjs';
import type { AuditAction, NewAuditEntry } from '../domain/audit';
import { Clock, CLOCK } from '../domain/clock';
import { requestAccess } from './request-access';

/** What @Audited puts on a handler, read by AuditedRouteInterceptor. */
export interface AuditedRoute {
  action: AuditAction;
  /** What the change is about: `job:<id>`, `queue:<name>`, `schedule:<name>`, ... (domain/audit.ts). */
  target: (req: Request) => string;
  /** Small facts worth keeping (a settings body); never secrets (a schedule's headers). */
  details?: (req: Request) => Record<string, unknown> | undefined;
}

export const AUDITED_ROUTE = 'claimq:audited-route';

/** Where audited changes are recorded: the audit trail (AuditModule provides it, globally). */
export interface AuditRecorder {
  record(entry: NewAuditEntry): Promise<unknown>;
}

export const AUDIT_RECORDER = Symbol('claimq.auditRecorder');

/**
 * Records what an @Audited handler changed, after it succeeded: the response waits for the record
 * (so a client that reads GET /audit next finds it), and an error of the handler records nothing.
 * Bound to the audited routes only (by @Audited), not app-wide: an app-wide interceptor puts an
 * rxjs pipeline on every request, the hot POST /jobs and GET /jobs/:id included, which record
 * nothing (about 4% of their CPU; BENCHMARKS.md, "The REST front door").
 */
@Injectable()
export class AuditedRouteInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    @Inject(AUDIT_RECORDER) private readonly recorder: AuditRecorder,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = context.getType() === 'http' ? this.reflector.get<AuditedRoute | undefined>(AUDITED_ROUTE, context.getHandler()) : undefined;
    if (route === undefined) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      concatMap(async (result: unknown) => {
        const entry = this.entryOf(route, req);
        if (entry) await this.recorder.record(entry);
        return result;
      }),
    );
  }

  private entryOf(route: AuditedRoute, req: Request): NewAuditEntry | undefined {
    try {
      const entry: NewAuditEntry = { at: this.clock.now(), keyId: requestAccess(req).keyId, action: route.action, target: route.target(req) };
      const details = route.details?.(req);
      if (details !== undefined) entry.details = details;
      return entry;
    } catch (err) {
      this.logger.error(`audit: ${route.action} on ${req.method} ${req.path} was not recorded: ${(err as Error).message ?? String(err)}`);
      return undefined;
    }
  }
}

/**
 * Records a change made through this route in the audit trail once the handler has succeeded
 * (a failed or refused request records nothing):
 *
 *   @Audited('job.cancel', (req) => `job:${req.params.id}`)
 *
 * The controller's module needs AUDIT_RECORDER and CLOCK, which AuditModule and QueueModule
 * provide globally wherever the API runs.
 */
export const Audited = (action: AuditAction, target: AuditedRoute['target'], details?: AuditedRoute['details']): MethodDecorator =>
  applyDecorators(SetMetadata<string, AuditedRoute>(AUDITED_ROUTE, { action, target, details }), UseInterceptors(AuditedRouteInterceptor));

/** The request's path parameter `name` (express gives them as strings). */
export const param = (req: Request, name: string): string => String(req.params[name]);

/** The request body, when it is a JSON object. */
export const bodyObject = (req: Request): Record<string, unknown> | undefined =>
  typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined;
