import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * executions.version: the counters' version in the store. A refresh writes a row only over an
 * older version, so two refreshers that read an execution at different moments (one of them
 * slow, or recovered after a stall) can never put an older status back.
 */
export declare class AddExecutionVersion1767312000000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    down(db: QueryRunner): Promise<void>;
}
