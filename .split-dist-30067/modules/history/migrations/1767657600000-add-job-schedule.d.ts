import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * job_records.schedule_name, schedule_fire_at: the recurring schedule that fired a job and the
 * tick it fired for (Job.schedule), from the job's enqueued event. Nullable without a default, so
 * adding them rewrites no row: PostgreSQL changes the catalog only, on the partitioned parent and
 * every partition (the default one included) in one statement. No index: no query reads by them.
 */
export declare class AddJobSchedule1767657600000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    down(db: QueryRunner): Promise<void>;
}
