/** The audit trail and GET /whoami (the @Audited decorator itself is in src/http, for every module). */
export { AuditModule } from './audit.module';
