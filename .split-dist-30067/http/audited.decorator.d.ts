import { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import type { AuditAction, NewAuditEntry } from '../domain/audit';
import { Clock } from '../domain/clock';
/** What @Audited puts on a handler, read by AuditedRouteInterceptor. */
export interface AuditedRoute {
    action: AuditAction;
    /** What the change is about: `job:<id>`, `queue:<name>`, `schedule:<name>`, ... (domain/audit.ts). */
    target: (req: Request) => string;
    /** Small facts worth keeping (a settings body); never secrets (a schedule's headers). */
    details?: (req: Request) => Record<string, unknown> | undefined;
}
export declare const AUDITED_ROUTE = "claimq:audited-route";
/** Where audited changes are recorded: the audit trail (AuditModule provides it, globally). */
export interface AuditRecorder {
    record(entry: NewAuditEntry): Promise<unknown>;
}
export declare const AUDIT_RECORDER: unique symbol;
/**
 * Records what an @Audited handler changed, after it succeeded: the response waits for the record
 * (so a client that reads GET /audit next finds it), and an error of the handler records nothing.
 * Bound to the audited routes only (by @Audited), not app-wide: an app-wide interceptor puts an
 * rxjs pipeline on every request, the hot POST /jobs and GET /jobs/:id included, which record
 * nothing (about 4% of their CPU; BENCHMARKS.md, "The REST front door").
 */
export declare class AuditedRouteInterceptor implements NestInterceptor {
    private readonly reflector;
    private readonly recorder;
    private readonly clock;
    private readonly logger;
    constructor(reflector: Reflector, recorder: AuditRecorder, clock: Clock);
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
    private entryOf;
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
export declare const Audited: (action: AuditAction, target: AuditedRoute["target"], details?: AuditedRoute["details"]) => MethodDecorator;
/** The request's path parameter `name` (express gives them as strings). */
export declare const param: (req: Request, name: string) => string;
/** The request body, when it is a JSON object. */
export declare const bodyObject: (req: Request) => Record<string, unknown> | undefined;
