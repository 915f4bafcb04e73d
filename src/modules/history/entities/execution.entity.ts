import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An execution (a group of jobs with one status), written by the execution refresh. */
@Entity({ name: 'executions' })
@Index('executions_queue_created_idx', ['queue', 'createdAt', 'id'])
export class ExecutionEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'executions_pkey' })
  id: string;

  @Column({ type: 'text' })
  queue: string;

  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  pending: number;

  @Column({ type: 'integer', default: 0 })
  scheduled: number;

  @Column({ type: 'integer', default: 0 })
  running: number;

  @Column({ type: 'integer', default: 0 })
  succeeded: number;

  @Column({ type: 'integer', default: 0 })
  failed: number;

  @Column({ type: 'integer', default: 0 })
  cancelled: number;

  @Column({ type: 'integer', default: 0 })
  blocked: number;

  @Column({ type: 'integer', default: 0 })
  skipped: number;

  @Column({ name: 'callback_url', type: 'text', nullable: true })
  callbackUrl: string | null;

  /** Fixed at creation; the partition key (the table is partitioned by it, keyed (id, created_at)). */
  @PrimaryColumn({ name: 'created_at', type: 'timestamptz', primaryKeyConstraintName: 'executions_pkey' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** The store's counters version this row was written from (bigint: read back as text). */
  @Column({ type: 'bigint', default: 0 })
  version: string;
}
