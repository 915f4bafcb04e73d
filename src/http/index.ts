/**
 * What feature modules use of the HTTP edge by name: the audit decorator and the request's access.
 * (The edge's other parts are wired by configureApp.)
 */
export { Audited, AUDITED_ROUTE, bodyObject, param } from './audited.decorator';
export type { AuditedRoute } from './audited.decorator';
export { requestAccess } from './request-access';
export type { RequestAccess } from './request-access';
export type { ApiAccess } from './api-key-check';
