import { DataSource } from 'typeorm';
import { HistoryGap, SourcedJobEvent } from '../../queue';
import { insertHistoryGaps } from './history-gap-rows';
import { INSERT_JOB_LOGS, TRIM_JOB_LOGS, UPSERT_JOB_ATTEMPTS, UPSERT_JOB_RECORDS } from './history-upsert-statements';
import { FoldOptions, foldJobEvents } from './job-history-fold';
import { rowsJson } from './history-rows';

export interface BatchWriteReport {
  records: number;
  attempts: number;
  /** Log lines written (job_logs rows, a line delivered again counted again). */
  logLines: number;
  /** Jobs whose events Postgres refused as data (logged and skipped so the stream moves on). */
  rejected: Array<{ jobId: string; reason: string }>;
}

/**
 * Stores a batch of events: one upsert of job_records and one of job_attempts (and, when handlers
 * reported log lines, an insert into job_logs and a trim of it), in one transaction. A batch that
 * Postgres refuses as data (a value out of range...) is stored job by job, and the jobs it still
 * refuses are reported, so one bad event cannot stall history.
 * Any other error (Postgres away, ...) is thrown, and the caller retries the whole batch.
 */
export class HistoryBatchWriter {
  constructor(
    private readonly dataSource: () => Promise<DataSource>,
    private readonly options: FoldOptions = {},
  ) {}

  /** `gaps`: what the store dropped unread (history_gaps), written in the same transaction as the rows. */
  async write(events: readonly SourcedJobEvent[], gaps: readonly HistoryGap[] = []): Promise<BatchWriteReport> {
    const report: BatchWriteReport = { records: 0, attempts: 0, logLines: 0, rejected: [] };
    if (events.length === 0 && gaps.length === 0) return report;
    const ds = await this.dataSource();
    try {
      await this.store(ds, events, report, gaps);
    } catch (err) {
      if (!isDataError(err)) throw err;
      report.records = report.attempts = report.logLines = 0;
      if (gaps.length > 0) await this.store(ds, [], report, gaps);
      for (const jobEvents of groupByJob(events)) {
        try {
          await this.store(ds, jobEvents, report);
        } catch (jobErr) {
          if (!isDataError(jobErr)) throw jobErr;
          report.rejected.push({ jobId: jobEvents[0].event.id, reason: (jobErr as Error).message });
        }
      }
    }
    return report;
  }

  private async store(ds: DataSource, events: readonly SourcedJobEvent[], report: BatchWriteReport, gaps: readonly HistoryGap[] = []): Promise<void> {
    const rows = foldJobEvents(events, this.options);
    await ds.transaction(async (tx) => {
      await insertHistoryGaps(tx, gaps);
      if (rows.records.length > 0) await tx.query(UPSERT_JOB_RECORDS, [rowsJson(rows.records)]);
      if (rows.attempts.length > 0) await tx.query(UPSERT_JOB_ATTEMPTS, [rowsJson(rows.attempts)]);
      if (rows.logs.length > 0) await tx.query(INSERT_JOB_LOGS, [rowsJson(rows.logs)]);
      if (rows.logTrims.length > 0) await tx.query(TRIM_JOB_LOGS, [rowsJson(rows.logTrims)]);
    });
    report.records += rows.records.length;
    report.attempts += rows.attempts.length;
    report.logLines += rows.logs.length;
  }
}

/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity): retrying the same rows cannot help.
 * Except a row refused by a partition's constraint: it was routed while the partition upkeep
 * attached the partition of its range (history-partitions.ts), and goes there when tried again.
 */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ?? (err as { code?: unknown })?.code;
  if (code === '23514' && /partition constraint/.test(String((err as Error)?.message))) return false;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** A batch's events by job, each job's in their order, jobs in order of their first event. */
export function groupByJob(events: readonly SourcedJobEvent[]): SourcedJobEvent[][] {
  const groups = new Map<string, SourcedJobEvent[]>();
  for (const e of events) {
    const group = groups.get(e.event.id);
    if (group) group.push(e);
    else groups.set(e.event.id, [e]);
  }
  return [...groups.values()];
}
