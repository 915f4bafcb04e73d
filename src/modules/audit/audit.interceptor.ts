import { CallHandler, ExecutionContext, Inject, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { concatMap, Observable } from 'rxjs';
import { Clock, CLOCK } from '../../domain/clock';
import { NewAuditEntry } from '../../domain/audit';
import { AUDITED_ROUTE, AuditedRoute, requestAccess } from '../../http';
import { errorText } from '../queue';
import { AuditTrail } from './audit-trail.service';

/**
 * Records what an @Audited handler changed, after it succeeded: the response waits for the record
 * (so a client that reads GET /audit next finds it), and an error of the handler records nothing.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AuditTrail,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = context.getType() === 'http' ? this.reflector.get<AuditedRoute | undefined>(AUDITED_ROUTE, context.getHandler()) : undefined;
    if (route === undefined) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      concatMap(async (result: unknown) => {
        const entry = this.entryOf(route, req);
        if (entry) await this.trail.record(entry);
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
      this.logger.error(`audit: ${route.action} on ${req.method} ${req.path} was not recorded: ${errorText(err)}`);
      return undefined;
    }
  }
}
