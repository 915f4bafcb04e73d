import { Execution } from '../../domain/execution';
/** An execution whose status the database refused as data: set aside, the rest of its batch written. */
export interface RejectedExecution {
    id: string;
    reason: string;
}
/**
 * Where a refresh writes the status of a batch of executions: one call per batch. Returns the
 * executions it refused as data (never retried: the same row would be refused again); any other
 * failure throws, and the batch is retried whole.
 */
export interface ExecutionStatusSink {
    write(executions: Execution[]): Promise<RejectedExecution[] | void>;
}
/** What the writer needs of a database: one parameterised statement (TypeORM's DataSource has it). */
export interface StatementRunner {
    query(sql: string, parameters: unknown[]): Promise<unknown>;
}
/** The `executions` table in PostgreSQL, one multi-row upsert per batch. */
export declare class PostgresExecutionStatusWriter implements ExecutionStatusSink {
    private readonly database;
    constructor(database: () => Promise<StatementRunner>);
    /**
     * One statement for the batch. When PostgreSQL refuses it as data (SQLSTATE class 22 or 23: a
     * callback URL it cannot store, say), each row is written on its own and those it still
     * refuses are returned, so one bad record never stalls the refresh of its queue.
     */
    write(executions: Execution[]): Promise<RejectedExecution[]>;
}
