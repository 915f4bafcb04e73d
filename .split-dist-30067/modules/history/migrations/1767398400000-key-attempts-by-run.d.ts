import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * job_attempts keyed by (job_id, run): `run` is the job's fencing token of the attempt, which the
 * stores now put on `claimed` and on every event that ends an attempt. Attempt numbers repeat (a
 * released attempt is given back; an API retry restarts the count), so under the old key a later
 * claim overwrote an earlier attempt's row. Existing rows get run = attempt: they keep their place,
 * and events written before run numbers (still in a stream at upgrade) fold to the same keys.
 */
export declare class KeyAttemptsByRun1767398400000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    /** Back to one row per attempt number: the newest run of each number stays, as the old key kept it. */
    down(db: QueryRunner): Promise<void>;
}
