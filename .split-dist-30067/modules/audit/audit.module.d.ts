/**
 * Who calls and what they change, where the API runs: GET /whoami, GET /audit, and the
 * recorder behind every @Audited route (src/http/audited.decorator.ts: its interceptor records
 * after the route succeeds). Global, so that the interceptor finds AUDIT_RECORDER in the module
 * of any audited controller.
 * The trail is in PostgreSQL when job history is on (HistoryModule, global then), else in the job
 * store (QueueModule, global); with history on, entries the store took while PostgreSQL was down
 * are moved into it by AuditFallbackScheduler.
 */
export declare class AuditModule {
}
