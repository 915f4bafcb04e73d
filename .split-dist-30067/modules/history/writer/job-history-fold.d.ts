import { JobEvent } from '../../../domain/job-event';
import { SourcedJobEvent } from '../../queue';
import { HistoryRows } from './history-rows';
/**
 * A job's history key, in epoch ms: the time in its id (the epoch for an id claimq did not make).
 * Every event of the job computes it alone, so its rows are found whatever order events arrive in.
 */
export declare const historyKeyOf: (id: string) => number;
/**
 * Folds a batch of events into one row per job and one per run (attempt), applying them in position
 * order, so the upserts never touch a row twice in one statement. The rows carry the positions of
 * what they set; the statements merge them with the stored rows by the same rules, so the result
 * does not depend on how events are split into batches, on their delivery order, or on
 * duplicates.
 */
export declare function foldJobEvents(batch: readonly SourcedJobEvent[]): HistoryRows;
/**
 * The attempt number an event starts or ends, or undefined when it is not about an attempt. `att`
 * is the count after the change: a release gives the attempt back, so it ended attempt att + 1.
 * (The Redis scripts keep the attempt spent when a release turns into a cancel; so does this.)
 * The row is keyed by the event's run number, or by this number for events written before runs.
 */
export declare function attemptOf(e: JobEvent): number | undefined;
