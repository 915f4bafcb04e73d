import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The audit trail with history on: one row per change made through the API, written by the
 * instance that served it (src/modules/audit). Newest first is the primary key read backwards.
 */
@Entity({ name: 'audit_log' })
@Index('audit_log_at_idx', ['at'])
@Index('audit_log_origin_idx', ['origin'], { unique: true, where: '"origin" IS NOT NULL' })
export class AuditLogEntity {
  /** bigserial (pg returns bigint as text). */
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'PK_audit_log' })
  id: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  /** The API key's id (`k_` + 12 hex of its sha256), never the key; null when the API is open. */
  @Column({ name: 'key_id', type: 'text', nullable: true })
  keyId: string | null;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  target: string;

  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  /** The job store entry this row was moved from (`store:<id>:<at>`), once PostgreSQL was back; null otherwise. */
  @Column({ type: 'text', nullable: true })
  origin: string | null;
}
