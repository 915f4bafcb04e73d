import type { Request } from 'express';
import type { WorkerKeyQueues } from '../domain/worker-key';
import type { ApiAccess } from './api-key-check';

/** Who made a request, as the API key check found it: what it may do and its key's id (null: no key). */
export interface RequestAccess {
  access: ApiAccess;
  keyId: string | null;
  /** A worker key's queues (access 'worker'). */
  queues?: WorkerKeyQueues;
}

const ACCESS = Symbol('claimq.requestAccess');

type WithAccess = Request & { [ACCESS]?: RequestAccess };

/** Attached by the API key middleware to every request it lets through. */
export function setRequestAccess(req: Request, access: RequestAccess): void {
  (req as WithAccess)[ACCESS] = access;
}

/**
 * The request's access. A request the middleware did not see (an app that embeds claimq without
 * configureApp has no key check at all) is open.
 */
export function requestAccess(req: Request): RequestAccess {
  return (req as WithAccess)[ACCESS] ?? { access: 'open', keyId: null };
}
