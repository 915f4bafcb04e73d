import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * History keeps what handlers report (src/domain/job-progress.ts):
 * - job_records.progress / progress_at / progress_version: the job's latest progress, and
 *   log_lines, the lines written in all (the last line's number);
 * - job_attempts.progress / progress_at / progress_version: the latest progress of that attempt;
 * - job_logs: the kept log lines, one row per line, keyed (created_at, job_id, seq) and partitioned
 *   by the time in the job's id like job_records and job_attempts (HistoryPartitions keeps its
 *   partitions and drops them with theirs). Every row is keyed by the time in its job's id (no
 *   history from before keys), so a job's lines are always found through the key, also in the
 *   default partition, where they land until the upkeep's next pass has made range partitions.
 * Columns are added on the partitioned parents (every partition takes them, no rewrite: all are
 * nullable without a default).
 */
export class KeepProgressAndLogs1768003200000 implements MigrationInterface {
  name = 'KeepProgressAndLogs1768003200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "job_records" ADD COLUMN IF NOT EXISTS "progress" jsonb, ADD COLUMN IF NOT EXISTS "progress_at" timestamptz,
         ADD COLUMN IF NOT EXISTS "progress_version" numeric(32,0), ADD COLUMN IF NOT EXISTS "log_lines" integer`,
    );
    await db.query(
      `ALTER TABLE "job_attempts" ADD COLUMN IF NOT EXISTS "progress" jsonb, ADD COLUMN IF NOT EXISTS "progress_at" timestamptz,
         ADD COLUMN IF NOT EXISTS "progress_version" numeric(32,0)`,
    );
    await db.query(
      `CREATE TABLE IF NOT EXISTS "job_logs" (
         "job_id" text NOT NULL,
         "created_at" timestamptz NOT NULL,
         "seq" integer NOT NULL,
         "run" integer NOT NULL,
         "at" timestamptz NOT NULL,
         "line" text NOT NULL
       ) PARTITION BY RANGE ("created_at")`,
    );
    await db.query(`CREATE UNIQUE INDEX IF NOT EXISTS "job_logs_pkey" ON "job_logs" ("created_at", "job_id", "seq")`);
    await db.query(`CREATE TABLE IF NOT EXISTS "job_logs_default" PARTITION OF "job_logs" DEFAULT`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS "job_logs"`);
    await db.query(`ALTER TABLE "job_attempts" DROP COLUMN "progress_version", DROP COLUMN "progress_at", DROP COLUMN "progress"`);
    await db.query(`ALTER TABLE "job_records" DROP COLUMN "log_lines", DROP COLUMN "progress_version", DROP COLUMN "progress_at", DROP COLUMN "progress"`);
  }
}
