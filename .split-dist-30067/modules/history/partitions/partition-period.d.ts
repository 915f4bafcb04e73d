/** The span of one history partition (HISTORY_PARTITION). */
export type PartitionPeriod = 'day' | 'week';
/** A partition's range, [from, to) in epoch ms, UTC. */
export interface PartitionRange {
    from: number;
    to: number;
}
/** Start of the period holding `ms`: UTC midnight, or the Monday of its ISO week. */
export declare function periodStart(period: PartitionPeriod, ms: number): number;
export declare function periodEnd(period: PartitionPeriod, start: number): number;
/** How far ahead of now partitions exist, so that a day's rows never wait for theirs. */
export declare function aheadMs(period: PartitionPeriod): number;
/**
 * `<table>_p20261125`: named by the first moment it holds (ranges never overlap), with the time
 * when that is not midnight (`_p20261125T1536`, a day split at an upgrade).
 */
export declare function partitionName(table: string, from: number): string;
/** [range] minus the ranges given: the parts no partition covers, in order. */
export declare function uncovered(range: PartitionRange, covering: readonly PartitionRange[]): PartitionRange[];
/**
 * Ranges to create so that [from, until) is covered, continuing after `coveredUntil` (the end of
 * the newest existing partition): a first range that is not a whole period (the period setting
 * changed, or partitions end mid-period) runs to the next boundary.
 */
export declare function rangesToCreate(period: PartitionPeriod, coveredUntil: number | undefined, now: number): PartitionRange[];
/** The range of a partition bound as pg_get_expr prints it, or undefined for DEFAULT. */
export declare function parseRangeBound(bound: string): PartitionRange | undefined;
