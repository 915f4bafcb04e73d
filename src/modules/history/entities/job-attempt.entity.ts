import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How an attempt ended; `running` while it has not (or its end is not known yet). */
export type AttemptOutcome = 'running' | 'succeeded' | 'failed' | 'released' | 'expired' | 'cancelled';

/**
 * One row per attempt, keyed (job_id, run); the key also serves "attempts of a job", in run order.
 * `run` is the job's fencing token of the attempt (bumped on every claim, never reset), so each
 * attempt keeps its own row although attempt numbers are used again (a released attempt is given
 * back; an API retry restarts the count at 1). Rows written before run numbers have run = attempt:
 * such a row follows the newest claim of that number (claim_version), and an end older than that
 * claim is not shown as its outcome. A job's successful attempt claimed and ended within one batch
 * has no row: the job's row holds it (job-history-fold.ts heldByRecord).
 */
@Entity({ name: 'job_attempts' })
export class JobAttemptEntity {
  @PrimaryColumn({ name: 'job_id', type: 'text', primaryKeyConstraintName: 'job_attempts_pkey' })
  jobId: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'job_attempts_pkey' })
  run: number;

  /** The job's history key (the time in its id), the partition key. */
  @PrimaryColumn({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'job_attempts_pkey' })
  createdAt: Date;

  /** Attempt number, from 1 (repeats across runs after a release or an API retry). */
  @Column({ type: 'integer' })
  attempt: number;

  @Column({ name: 'worker_id', type: 'text', nullable: true })
  workerId: string | null;

  /** Null when the attempt's end was seen but not its claim. */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'text' })
  outcome: AttemptOutcome;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The latest progress this attempt reported, when, and the position of that report. */
  @Column({ type: 'jsonb', nullable: true })
  progress: unknown;

  @Column({ name: 'progress_at', type: 'timestamptz', nullable: true })
  progressAt: Date | null;

  @Column({ name: 'progress_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  progressVersion: string | null;

  @Column({ name: 'claim_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  claimVersion: string | null;

  @Column({ name: 'end_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  endVersion: string | null;
}
