import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One row per job, upserted with its latest known state. The `*_version` columns hold the event
 * source's position of the event that last set a group of columns (the Redis stream entry id, or
 * the memory log's sequence): an upsert only replaces a group with a higher position, so an event
 * delivered late or twice never overwrites a newer state. Positions, not `at` times, decide,
 * because instances' clocks disagree and many transitions share a millisecond.
 */
@Entity({ name: 'job_records' })
@Index('job_records_queue_created_idx', ['queue', 'createdAt', 'id'])
@Index('job_records_queue_type_created_idx', ['queue', 'type', 'createdAt', 'id'])
@Index('job_records_execution_idx', ['executionId'], { where: `"execution_id" IS NOT NULL` })
@Index('job_records_unfinished_idx', ['status', 'createdAt', 'id'], { where: `"status" <> 'succeeded'` })
export class JobRecordEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'job_records_pkey' })
  id: string;

  @Column({ type: 'text' })
  queue: string;

  /** Null until the job's `enqueued` event has been seen. */
  @Column({ type: 'text', nullable: true })
  type: string | null;

  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'max_attempts', type: 'integer', nullable: true })
  maxAttempts: number | null;

  @Column({ type: 'integer', nullable: true })
  priority: number | null;

  /**
   * The time in the job's id (when claimq accepted it), and the partition key: the table is
   * partitioned by it (migration PartitionHistory), keyed (created_at, id).
   */
  @PrimaryColumn({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'job_records_pkey' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Start of the latest attempt. */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** Set while the job is in a final state (succeeded, failed, cancelled). */
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** Worker of the latest attempt. */
  @Column({ name: 'worker_id', type: 'text', nullable: true })
  workerId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  result: unknown;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'execution_id', type: 'text', nullable: true })
  executionId: string | null;

  /** The recurring schedule that fired the job (Job.schedule.name), from its `enqueued` event. */
  /** The job's key in its execution's graph (job-graph.ts). */
  @Column({ name: 'graph_key', type: 'text', nullable: true })
  graphKey: string | null;

  /** The keys of the jobs of its execution it waited on: the graph's edges, queryable by execution_id. */
  @Column({ name: 'depends_on', type: 'jsonb', nullable: true })
  dependsOn: string[] | null;

  @Column({ name: 'schedule_name', type: 'text', nullable: true })
  scheduleName: string | null;

  /** The tick it fired the job for (Job.schedule.fireAt); set with schedule_name. */
  @Column({ name: 'schedule_fire_at', type: 'timestamptz', nullable: true })
  scheduleFireAt: Date | null;

  /** The latest progress its handler reported (job-progress.ts), when, and the position of that report. */
  @Column({ type: 'jsonb', nullable: true })
  progress: unknown;

  @Column({ name: 'progress_at', type: 'timestamptz', nullable: true })
  progressAt: Date | null;

  @Column({ name: 'progress_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  progressVersion: string | null;

  /** Log lines written in all (the last line's number); job_logs keeps the newest JOB_LOG_LINES. */
  @Column({ name: 'log_lines', type: 'integer', nullable: true })
  logLines: number | null;

  /** Position of the event that set status, attempts, updated_at, finished_at and result. */
  @Column({ type: 'numeric', precision: 32, scale: 0 })
  version: string;

  /** Position of the claim that set started_at and worker_id. */
  @Column({ name: 'claim_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  claimVersion: string | null;

  /** Position of the event that set last_error. */
  @Column({ name: 'error_version', type: 'numeric', precision: 32, scale: 0, nullable: true })
  errorVersion: string | null;
}
