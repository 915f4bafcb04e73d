import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How an attempt ended; `running` while it has not (or its end is not known yet). */
export type AttemptOutcome = 'running' | 'succeeded' | 'failed' | 'released' | 'expired' | 'cancelled';

/**
 * One row per attempt, keyed (job_id, attempt); the key also serves "attempts of a job".
 * An attempt number is used again when a released attempt is given back or a job is retried by
 * the API (attempts restart at 1): the row then follows the newest claim of that number
 * (claim_version), and an end older than that claim is not shown as its outcome.
 */
@Entity({ name: 'job_attempts' })
export class JobAttemptEntity {
  @PrimaryColumn({ name: 'job_id', type: 'text', primaryKeyConstraintName: 'job_attempts_pkey' })
  jobId: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'job_attempts_pkey' })
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

  @Column({ name: 'claim_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  claimVersion: string | null;

  @Column({ name: 'end_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  endVersion: string | null;
}
