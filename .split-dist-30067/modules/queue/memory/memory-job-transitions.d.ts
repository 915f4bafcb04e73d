import { JobEvent } from '../../../domain/job-event';
import { MemoryJobEntry, MemoryQueue } from './memory-queue';
/**
 * The state changes of one job: each updates the record, moves the job between the queue's
 * indexes and returns the event that records the change. Callers have already checked that the
 * change is allowed (status, token); these functions only apply it.
 */
export declare const MALFORMED_PREFIX = "malformed job record";
/** Fails a job whose record cannot be trusted. Returns undefined when the record is sound. */
export declare function failIfMalformed(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent | undefined;
export declare function claimJob(q: MemoryQueue, entry: MemoryJobEntry, workerId: string, leaseExpiresAt: number, now: number): JobEvent;
export declare function completeJob(q: MemoryQueue, entry: MemoryJobEntry, resultJson: string | undefined, now: number): JobEvent;
/** The end of an attempt that did not succeed, as endAttempt decides: cancelled when asked, else retried or failed. */
export declare function failJob(q: MemoryQueue, entry: MemoryJobEntry, err: string, retryable: boolean, delayMs: () => number, now: number, stack?: string): JobEvent;
/** running -> pending with the attempt given back; or cancelled, when a cancel was asked (endAttempt). */
export declare function releaseJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent;
/** A lost lease: the attempt stays spent; pending again, failed when none are left, cancelled when asked (endAttempt). */
export declare function expireJob(q: MemoryQueue, entry: MemoryJobEntry, err: string, now: number): JobEvent;
export declare function promoteJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent;
/**
 * A cancel asked through the API (one job or an execution's), as cancelDecision says: the event
 * it records, undefined when nothing changes (a cancel already requested), or 'refused' for a
 * final job.
 */
export declare function cancelJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent | undefined | 'refused';
/** failed|cancelled -> pending, a fresh set of attempts, runnable now. */
export declare function retryJob(q: MemoryQueue, entry: MemoryJobEntry, now: number): JobEvent;
export declare function enqueuedEvent(entry: MemoryJobEntry, now: number): JobEvent;
