"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AddJobSchedule1767657600000 = void 0;
/**
 * job_records.schedule_name, schedule_fire_at: the recurring schedule that fired a job and the
 * tick it fired for (Job.schedule), from the job's enqueued event. Nullable without a default, so
 * adding them rewrites no row: PostgreSQL changes the catalog only, on the partitioned parent and
 * every partition (the default one included) in one statement. No index: no query reads by them.
 */
class AddJobSchedule1767657600000 {
    name = 'AddJobSchedule1767657600000';
    async up(db) {
        await db.query(`ALTER TABLE "job_records" ADD COLUMN "schedule_name" text, ADD COLUMN "schedule_fire_at" TIMESTAMP WITH TIME ZONE`);
    }
    async down(db) {
        await db.query(`ALTER TABLE "job_records" DROP COLUMN "schedule_name", DROP COLUMN "schedule_fire_at"`);
    }
}
exports.AddJobSchedule1767657600000 = AddJobSchedule1767657600000;
//# sourceMappingURL=1767657600000-add-job-schedule.js.map