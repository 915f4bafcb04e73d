"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CreateHistoryTables1767225600000 = void 0;
/** job_records, job_attempts and executions, with the indexes the history API lists by. */
class CreateHistoryTables1767225600000 {
    name = 'CreateHistoryTables1767225600000';
    async up(db) {
        await db.query(`
      CREATE TABLE "job_records" (
        "id" text NOT NULL,
        "queue" text NOT NULL,
        "type" text,
        "status" text NOT NULL,
        "attempts" integer NOT NULL,
        "max_attempts" integer,
        "priority" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "worker_id" text,
        "result" jsonb,
        "last_error" text,
        "execution_id" text,
        "version" numeric(32,0) NOT NULL,
        "claim_version" numeric(32,0),
        "error_version" numeric(32,0),
        CONSTRAINT "PK_job_records" PRIMARY KEY ("id")
      )`);
        await db.query(`CREATE INDEX "job_records_queue_status_created_idx" ON "job_records" ("queue", "status", "created_at", "id")`);
        await db.query(`CREATE INDEX "job_records_queue_type_created_idx" ON "job_records" ("queue", "type", "created_at", "id")`);
        await db.query(`CREATE INDEX "job_records_queue_created_idx" ON "job_records" ("queue", "created_at", "id")`);
        await db.query(`CREATE INDEX "job_records_created_idx" ON "job_records" ("created_at", "id")`);
        await db.query(`CREATE INDEX "job_records_execution_idx" ON "job_records" ("execution_id") WHERE "execution_id" IS NOT NULL`);
        await db.query(`
      CREATE TABLE "job_attempts" (
        "job_id" text NOT NULL,
        "attempt" integer NOT NULL,
        "worker_id" text,
        "started_at" TIMESTAMP WITH TIME ZONE,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "outcome" text NOT NULL,
        "error" text,
        "claim_version" numeric(32,0),
        "end_version" numeric(32,0),
        CONSTRAINT "job_attempts_pkey" PRIMARY KEY ("job_id", "attempt")
      )`);
        await db.query(`
      CREATE TABLE "executions" (
        "id" text NOT NULL,
        "queue" text NOT NULL,
        "status" text NOT NULL,
        "total" integer NOT NULL DEFAULT 0,
        "pending" integer NOT NULL DEFAULT 0,
        "scheduled" integer NOT NULL DEFAULT 0,
        "running" integer NOT NULL DEFAULT 0,
        "succeeded" integer NOT NULL DEFAULT 0,
        "failed" integer NOT NULL DEFAULT 0,
        "cancelled" integer NOT NULL DEFAULT 0,
        "callback_url" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_executions" PRIMARY KEY ("id")
      )`);
        await db.query(`CREATE INDEX "executions_queue_created_idx" ON "executions" ("queue", "created_at", "id")`);
        await db.query(`CREATE INDEX "executions_status_updated_idx" ON "executions" ("status", "updated_at")`);
    }
    async down(db) {
        await db.query(`DROP TABLE "executions"`);
        await db.query(`DROP TABLE "job_attempts"`);
        await db.query(`DROP TABLE "job_records"`);
    }
}
exports.CreateHistoryTables1767225600000 = CreateHistoryTables1767225600000;
//# sourceMappingURL=1767225600000-create-history-tables.js.map