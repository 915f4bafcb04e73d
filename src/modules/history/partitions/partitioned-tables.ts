import { JOB_ATTEMPT_MERGE, JOB_RECORD_MERGE } from '../writer/history-upsert-statements';

/** How a partitioned history table is keyed (see the migration that partitions history). */
export interface PartitionedTable {
  name: string;
  columns: string[];
  /** The partition key computed from the row itself (a moved row gets it as its created_at). */
  keyExpr: string;
  conflict: string;
  /** DO UPDATE SET ... merging two rows of one key (the writer's own merge rules). */
  merge?: string;
  /** Alias the merge text names the stored row by. */
  alias: string;
}

/** Every history table partitioned by time, in the order a maintenance pass takes them. */
export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  {
    name: 'job_records',
    columns: ['id', 'queue', 'type', 'status', 'attempts', 'max_attempts', 'priority', 'created_at', 'updated_at', 'started_at',
      'finished_at', 'worker_id', 'result', 'last_error', 'execution_id', 'schedule_name', 'schedule_fire_at', 'graph_key', 'depends_on', 'progress', 'progress_at',
      'progress_version', 'log_lines', 'version', 'claim_version', 'error_version'],
    keyExpr: 'claimq_id_time(id)',
    conflict: '(created_at, id)',
    merge: JOB_RECORD_MERGE,
    alias: 'j',
  },
  {
    name: 'job_attempts',
    columns: ['job_id', 'run', 'attempt', 'worker_id', 'started_at', 'finished_at', 'outcome', 'error', 'claim_version', 'end_version', 'progress',
      'progress_at', 'progress_version', 'created_at'],
    keyExpr: 'claimq_id_time(job_id)',
    conflict: '(created_at, job_id, run)',
    merge: JOB_ATTEMPT_MERGE,
    alias: 'a',
  },
  {
    name: 'job_logs',
    columns: ['job_id', 'seq', 'run', 'at', 'line', 'created_at'],
    keyExpr: 'claimq_id_time(job_id)',
    conflict: '(created_at, job_id, seq)',
    alias: 'l',
  },
  {
    name: 'executions',
    columns: ['id', 'queue', 'status', 'total', 'pending', 'scheduled', 'running', 'succeeded', 'failed', 'cancelled', 'blocked', 'skipped', 'callback_url',
      'created_at', 'updated_at', 'finished_at', 'version'],
    keyExpr: 'created_at',
    conflict: '(id, created_at)',
    alias: 'e',
  },
];
