import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * History partitioned by time (PostgreSQL declarative partitioning), so that retention drops whole
 * partitions instead of deleting rows from a large table.
 *
 * - job_records and job_attempts are partitioned by `created_at`, the time in the job's id
 *   (claimq_id_time below; timeOfJobId in TS). Every event of a job computes the same key from the
 *   id alone, so an upsert always finds the row it merges with, whatever order events arrive in.
 *   Keys are (created_at, id) and (created_at, job_id, run).
 * - executions are partitioned by their `created_at`, fixed at creation, and keyed (id, created_at):
 *   a lookup by id searches a window around the time in the id.
 * - Each table has a DEFAULT partition (`<table>_default`) for rows no range partition covers:
 *   the history an upgrade started from, events of jobs older than the oldest kept partition, ids
 *   claimq did not make (their key is the epoch). It has an extra index on the id for lookups of
 *   rows whose key is not the id's time (moved history keeps its old created_at until moved).
 *   Range partitions are created ahead by HistoryPartitions (history-partitions.ts), which also
 *   moves default rows into them and drops partitions past retention.
 * - Fewer indexes: only those the API's queries use (docs/architecture.md, "History at scale").
 *
 * Upgrading moves nothing here: the existing table becomes the default partition in one short
 * transaction (its missing indexes are built first, CONCURRENTLY, while writers go on), and
 * HistoryPartitions moves its rows into range partitions afterwards, one period per transaction.
 */
export declare class PartitionHistory1767484800000 implements MigrationInterface {
    name: string;
    /** CREATE INDEX CONCURRENTLY cannot run in a transaction; the swap below opens its own. */
    transaction: boolean;
    up(db: QueryRunner): Promise<void>;
    /** Back to plain tables: every partition's rows into one table again (keys as moved). */
    down(db: QueryRunner): Promise<void>;
}
interface IndexSpec {
    name: string;
    def: string;
    unique?: boolean;
}
interface PartitionedTable {
    name: string;
    /** The old table's constraints and indexes the partitioned one does not keep. */
    dropOld: string[];
    key: IndexSpec;
    indexes: IndexSpec[];
    /** Indexes of the default partition alone (lookups by id without the key). */
    defaultOnly: IndexSpec[];
}
export declare const TABLES: PartitionedTable[];
export {};
