import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * job_records.graph_key and job_records.depends_on: a graph job's key and its parents' keys
 * (src/domain/job-graph.ts), from its enqueued event; with execution_id they are the execution's
 * graph. The partial index on execution_id serves reads of an execution's jobs.
 */
export class AddJobGraph1767916800000 implements MigrationInterface {
  name = 'AddJobGraph1767916800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "job_records" ADD COLUMN IF NOT EXISTS "graph_key" text, ADD COLUMN IF NOT EXISTS "depends_on" jsonb`);
    await db.query(`CREATE INDEX IF NOT EXISTS "job_records_execution_idx" ON "job_records" ("execution_id") WHERE "execution_id" IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS "job_records_execution_idx"`);
    await db.query(`ALTER TABLE "job_records" DROP COLUMN "depends_on", DROP COLUMN "graph_key"`);
  }
}
