import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * audit_log: the audit trail (README, Audit trail), one row per change made through the API.
 * Pages are read newest first by id (`WHERE id < $cursor ORDER BY id DESC`): the primary key's
 * index serves that read backwards. `at` gets an index of its own for reads by time (and a
 * retention job, should one come). `origin` names the job store entry a row was moved from (an
 * entry recorded there while PostgreSQL was down), unique, so it is moved once.
 */
export declare class CreateAuditLog1767744000000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    down(db: QueryRunner): Promise<void>;
}
