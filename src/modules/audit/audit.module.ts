import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { HistoryDatabase } from '../history';
import { JobStore } from '../queue';
import { AuditController } from './audit.controller';
import { AuditFallbackScheduler } from './audit-fallback.scheduler';
import { AuditInterceptor } from './audit.interceptor';
import { AuditTrail } from './audit-trail.service';
import { PostgresAuditLog } from './postgres-audit-log';

/**
 * Who calls and what they change, where the API runs: GET /whoami, GET /audit, and the
 * interceptor that records every @Audited route (src/http/audited.decorator.ts) after it succeeds.
 * The trail is in PostgreSQL when job history is on (HistoryModule, global then), else in the job
 * store (QueueModule, global); with history on, entries the store took while PostgreSQL was down
 * are moved into it by AuditFallbackScheduler.
 */
@Module({
  controllers: [AuditController],
  providers: [
    {
      provide: AuditTrail,
      inject: [JobStore, { token: HistoryDatabase, optional: true }],
      useFactory: (store: JobStore, database?: HistoryDatabase) =>
        new AuditTrail(store.audit, database ? new PostgresAuditLog(() => database.dataSource()) : undefined),
    },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    AuditFallbackScheduler,
  ],
})
export class AuditModule {}
