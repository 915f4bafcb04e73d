"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CreateAuditLog1767744000000 = void 0;
/**
 * audit_log: the audit trail (README, Audit trail), one row per change made through the API.
 * Pages are read newest first by id (`WHERE id < $cursor ORDER BY id DESC`): the primary key's
 * index serves that read backwards. `at` gets an index of its own for reads by time (and a
 * retention job, should one come). `origin` names the job store entry a row was moved from (an
 * entry recorded there while PostgreSQL was down), unique, so it is moved once.
 */
class CreateAuditLog1767744000000 {
    name = 'CreateAuditLog1767744000000';
    async up(db) {
        await db.query(`
      CREATE TABLE "audit_log" (
        "id" bigserial NOT NULL,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "key_id" text,
        "action" text NOT NULL,
        "target" text NOT NULL,
        "details" jsonb,
        "origin" text,
        CONSTRAINT "PK_audit_log" PRIMARY KEY ("id")
      )`);
        await db.query(`CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at" DESC)`);
        // entries moved in from the job store after PostgreSQL was down: each once (AuditTrail)
        await db.query(`CREATE UNIQUE INDEX "audit_log_origin_idx" ON "audit_log" ("origin") WHERE "origin" IS NOT NULL`);
    }
    async down(db) {
        await db.query(`DROP TABLE "audit_log"`);
    }
}
exports.CreateAuditLog1767744000000 = CreateAuditLog1767744000000;
//# sourceMappingURL=1767744000000-create-audit-log.js.map