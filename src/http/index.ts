/**
 * What feature modules use of the HTTP edge by name: the audit decorator and the request's access.
 * (The edge's other parts are wired by configureApp.)
 */
export { Audited, AUDIT_RECORDER, AUDITED_ROUTE, AuditedRouteInterceptor, bodyObject, param } from './audited.decorator';
export type { AuditedRoute, AuditRecorder } from './audited.decorator';
export { requestAccess } from './request-access';
export type { RequestAccess } from './request-access';
export type { ApiAccess } from './api-key-check';
export { clientGone } from './client-gone';
