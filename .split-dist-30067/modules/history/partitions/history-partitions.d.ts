import { DataSource, QueryRunner } from 'typeorm';
import { Clock } from '../../../domain/clock';
import { PartitionPeriod, PartitionRange } from './partition-period';
export interface HistoryPartitionsOptions {
    period: PartitionPeriod;
    /** 0 keeps everything. */
    retentionDays: number;
    clock?: Clock;
    log?: {
        log(message: string): void;
        warn(message: string): void;
    };
    /** How long DDL waits for a table lock before giving up until the next pass. */
    lockTimeoutMs?: number;
}
export interface PartitionsReport {
    /** False when another instance held the maintenance lock, or history is not partitioned yet. */
    ran: boolean;
    created: string[];
    moved: Array<{
        partition: string;
        rows: number;
    }>;
    dropped: string[];
    /** Rows past retention deleted from default partitions. */
    deleted: number;
    /** Partitions whose indexes were rebuilt (compactPartition). */
    compacted: string[];
    /** Steps that failed (a lock not granted in time...): tried again on the next pass. */
    errors: string[];
}
interface Partition {
    name: string;
    range?: PartitionRange;
}
/**
 * Keeps history's time partitions: creates them ahead of time, moves rows that landed in a
 * table's default partition into range partitions (the history an upgrade started from, or rows
 * written before their partition existed), and drops whole partitions past retention. Runs on
 * every instance; a session advisory lock lets one at a time do it, the others skip.
 *
 * Locks: a partition is created detached and then attached (SHARE UPDATE EXCLUSIVE on the parent:
 * writers and readers go on; the default partition is locked while PostgreSQL checks it holds no
 * row of the new range). Dropping a partition locks the parent briefly; every DDL statement waits
 * at most lockTimeoutMs for its lock, so a long query delays a drop to the next pass instead of
 * stalling writers queued behind it.
 */
export declare class HistoryPartitions {
    private readonly dataSource;
    private readonly options;
    private readonly clock;
    private readonly lockTimeoutMs;
    constructor(dataSource: () => Promise<DataSource>, options: HistoryPartitionsOptions);
    maintain(): Promise<PartitionsReport>;
    /** Range partitions of a table, oldest first (for tests, health and the bench). */
    partitions(table: string): Promise<Partition[]>;
    private partitioned;
    /** Runs one step of a table's upkeep; a failure is reported and logged, and the next step goes on. */
    private step;
    private cutoff;
    private maintainTable;
    /** Compacts the table's newest closed partition not compacted yet (none past retention). */
    private compactNext;
    /**
     * A partition ahead of time. When the default partition already holds rows of the current
     * period (the upgrade's own day, or rows written while no instance kept partitions), the period
     * is split: its rest, from a minute ahead, becomes a partition at once, so new rows stop landing
     * in the default partition, and the rows before move later (moveDefault), by day.
     */
    private create;
    /**
     * A new range partition, created detached and attached in one transaction. The rows of its range
     * that wait in the default partition (if any) move into it first: once in bulk, then, with the
     * default partition locked against writers, whatever arrived meanwhile, so the attach finds none.
     */
    private attach;
    /** Attaches an empty partition: false (and nothing done) when the default partition holds rows of its range. */
    private tryAttach;
    private attachOnce;
    /**
     * Default rows whose key falls in a kept period: into a new partition for that period, or, where
     * a partition already covers their key (rows whose created_at is not yet their key), through the
     * parent into it. Periods past retention are left to deleteDefault.
     */
    private moveDefault;
    /**
     * Moves the default rows whose key is in `range` into `target`, each getting its key as
     * created_at: taken out of the default partition in one statement (one scan), then inserted in
     * two, because one INSERT may not merge two of its own rows: rows already keyed first, then rows
     * keyed otherwise (an upgrade's history, keyed by enqueue time), merged into the first by the
     * writer's rules where both hold one job (a job in flight at the upgrade).
     */
    private moveRows;
    private deleteDefault;
}
/**
 * Rebuilds a closed partition's indexes (REINDEX CONCURRENTLY: writers and readers go on) and marks
 * it done. Rows of many queues and types arrive interleaved, so the (queue, ...) indexes take their
 * inserts mid-index, where a full page splits in two half-full ones: the day closes with indexes
 * about 60% full, a rebuild packs them to 90% (bench:history: bytes per job). A rebuild cut short
 * leaves its invalid copy (`<index>_ccnew`) behind; those are dropped first.
 */
export declare function compactPartition(runner: QueryRunner | DataSource, name: string, now?: number): Promise<void>;
export {};
