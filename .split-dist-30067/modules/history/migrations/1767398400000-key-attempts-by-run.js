"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.KeyAttemptsByRun1767398400000 = void 0;
/**
 * job_attempts keyed by (job_id, run): `run` is the job's fencing token of the attempt, which the
 * stores now put on `claimed` and on every event that ends an attempt. Attempt numbers repeat (a
 * released attempt is given back; an API retry restarts the count), so under the old key a later
 * claim overwrote an earlier attempt's row. Existing rows get run = attempt: they keep their place,
 * and events written before run numbers (still in a stream at upgrade) fold to the same keys.
 */
class KeyAttemptsByRun1767398400000 {
    name = 'KeyAttemptsByRun1767398400000';
    async up(db) {
        await db.query(`ALTER TABLE "job_attempts" ADD COLUMN "run" integer`);
        await db.query(`UPDATE "job_attempts" SET "run" = "attempt"`);
        await db.query(`ALTER TABLE "job_attempts" ALTER COLUMN "run" SET NOT NULL`);
        await db.query(`ALTER TABLE "job_attempts" DROP CONSTRAINT "job_attempts_pkey"`);
        await db.query(`ALTER TABLE "job_attempts" ADD CONSTRAINT "job_attempts_pkey" PRIMARY KEY ("job_id", "run")`);
    }
    /** Back to one row per attempt number: the newest run of each number stays, as the old key kept it. */
    async down(db) {
        await db.query(`
      DELETE FROM "job_attempts" a USING "job_attempts" b
      WHERE a."job_id" = b."job_id" AND a."attempt" = b."attempt" AND a."run" < b."run"`);
        await db.query(`ALTER TABLE "job_attempts" DROP CONSTRAINT "job_attempts_pkey"`);
        await db.query(`ALTER TABLE "job_attempts" ADD CONSTRAINT "job_attempts_pkey" PRIMARY KEY ("job_id", "attempt")`);
        await db.query(`ALTER TABLE "job_attempts" DROP COLUMN "run"`);
    }
}
exports.KeyAttemptsByRun1767398400000 = KeyAttemptsByRun1767398400000;
//# sourceMappingURL=1767398400000-key-attempts-by-run.js.map