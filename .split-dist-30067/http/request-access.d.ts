import type { Request } from 'express';
import type { ApiAccess } from './api-key-check';
/** Who made a request, as the API key check found it: what it may do and its key's id (null: no key). */
export interface RequestAccess {
    access: ApiAccess;
    keyId: string | null;
}
/** Attached by the API key middleware to every request it lets through. */
export declare function setRequestAccess(req: Request, access: RequestAccess): void;
/**
 * The request's access. A request the middleware did not see (an app that embeds claimq without
 * configureApp has no key check at all) is open.
 */
export declare function requestAccess(req: Request): RequestAccess;
