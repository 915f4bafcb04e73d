import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Events dropped before the history writer read them (HISTORY_BACKLOG_MAX_MB exceeded): history
 * lacks exactly `events` events of `queue` that happened between fromAt and toAt.
 */
@Entity({ name: 'history_gaps' })
@Index('history_gaps_queue_from_idx', ['queue', 'fromAt'])
export class HistoryGapEntity {
  /** The gap record's name in its source (Redis: `<stream key> <entry id>`; memory: `memory-<process>:<n>`). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_history_gaps' })
  id: string;

  @Column({ type: 'text' })
  queue: string;

  /** Time of the first event dropped. */
  @Column({ name: 'from_at', type: 'timestamptz' })
  fromAt: Date;

  /** Time of the last event dropped. */
  @Column({ name: 'to_at', type: 'timestamptz' })
  toAt: Date;

  /** How many events were dropped (pg returns bigint as text). */
  @Column({ type: 'bigint' })
  events: string;

  /** When the writer stored the gap. */
  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' })
  recordedAt: Date;
}
