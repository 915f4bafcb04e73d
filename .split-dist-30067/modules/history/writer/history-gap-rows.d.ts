import { EntityManager } from 'typeorm';
import { HistoryGap } from '../../queue';
/** Writes `gaps` in the caller's transaction, the one that writes the rows of their batch. */
export declare function insertHistoryGaps(tx: EntityManager, gaps: readonly HistoryGap[]): Promise<void>;
