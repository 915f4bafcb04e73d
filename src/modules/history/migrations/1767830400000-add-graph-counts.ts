import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * executions.blocked and executions.skipped: the counts of an execution's graph jobs waiting on
 * their parents and of those a parent's end skipped (src/domain/job-graph.ts). On the partitioned
 * parent, so every partition takes them.
 */
export class AddGraphCounts1767830400000 implements MigrationInterface {
  name = 'AddGraphCounts1767830400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "executions" ADD COLUMN IF NOT EXISTS "blocked" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "executions" ADD COLUMN IF NOT EXISTS "skipped" integer NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "executions" DROP COLUMN "skipped"`);
    await db.query(`ALTER TABLE "executions" DROP COLUMN "blocked"`);
  }
}
