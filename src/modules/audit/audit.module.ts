import { Global, Module } from '@nestjs/common';
import { AUDIT_RECORDER } from '../../http';
import { HistoryDatabase } from '../history';
import { AuditStore } from '../queue';
import { AuditController } from './audit.controller';
import { AuditFallbackScheduler } from './audit-fallback.scheduler';
import { AuditTrail } from './audit-trail.service';
import { PostgresAuditLog } from './postgres-audit-log';

/**
 * Who calls and what they change, where the API runs: GET /whoami, GET /audit, and the
 * recorder behind every @Audited route (src/http/audited.decorator.ts: its interceptor records
 * after the route succeeds). Global, so that the interceptor finds AUDIT_RECORDER in the module
 * of any audited controller.
 * The trail is in PostgreSQL when job history is on (HistoryModule, global then), else in the job
 * engine (AuditStore, from QueueModule, global); with history on, entries the engine took while
 * PostgreSQL was down are moved into it by AuditFallbackScheduler.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [
    {
      provide: AuditTrail,
      inject: [AuditStore, { token: HistoryDatabase, optional: true }],
      useFactory: (store: AuditStore, database?: HistoryDatabase) =>
        new AuditTrail(store, database ? new PostgresAuditLog(() => database.dataSource()) : undefined),
    },
    { provide: AUDIT_RECORDER, useExisting: AuditTrail },
    AuditFallbackScheduler,
  ],
  exports: [AUDIT_RECORDER],
})
export class AuditModule {}
