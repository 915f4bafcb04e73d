import { MigrationInterface, QueryRunner } from 'typeorm';
/** job_records, job_attempts and executions, with the indexes the history API lists by. */
export declare class CreateHistoryTables1767225600000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    down(db: QueryRunner): Promise<void>;
}
