import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { AuditAction } from '../domain/audit';

/** What @Audited puts on a handler, read by the audit interceptor (src/modules/audit). */
export interface AuditedRoute {
  action: AuditAction;
  /** What the change is about: `job:<id>`, `queue:<name>`, `schedule:<name>`, ... (domain/audit.ts). */
  target: (req: Request) => string;
  /** Small facts worth keeping (a settings body); never secrets (a schedule's headers). */
  details?: (req: Request) => Record<string, unknown> | undefined;
}

export const AUDITED_ROUTE = 'claimq:audited-route';

/**
 * Records a change made through this route in the audit trail once the handler has succeeded
 * (a failed or refused request records nothing):
 *
 *   @Audited('job.cancel', (req) => `job:${req.params.id}`)
 */
export const Audited = (action: AuditAction, target: AuditedRoute['target'], details?: AuditedRoute['details']): MethodDecorator =>
  SetMetadata<string, AuditedRoute>(AUDITED_ROUTE, { action, target, details });

/** The request's path parameter `name` (express gives them as strings). */
export const param = (req: Request, name: string): string => String(req.params[name]);

/** The request body, when it is a JSON object. */
export const bodyObject = (req: Request): Record<string, unknown> | undefined =>
  typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined;
