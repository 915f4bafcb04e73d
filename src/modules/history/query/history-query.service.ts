import { Injectable } from '@nestjs/common';
import { Between, DataSource } from 'typeorm';
import { timeOfJobId } from '../../../domain/job-id';
import { historyKeyOf } from '../writer/job-history-fold';
import { StoreUnavailableError } from '../../../domain/errors';
import { ExecutionRecord } from '../../../domain/execution';
import { LogPage } from '../../../domain/job-progress';
import { ExecutionEntity } from '../entities/execution.entity';
import { JobAttemptEntity } from '../entities/job-attempt.entity';
import { JobRecordEntity } from '../entities/job-record.entity';
import { HistoryDatabase } from '../history-database';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';
import { toExecutionRecord, toJobAttemptHistory, toJobHistoryRecord } from './history-record.mapper';
import { JobAttemptHistory, JobHistoryPage, JobHistoryQuery, JobHistoryRecord } from './job-history.types';

export const HISTORY_PAGE_DEFAULT = 100;
export const HISTORY_PAGE_MAX = 1000;
/** How far an execution's created_at may be from the time in its id (they are read moments apart). */
const EXECUTION_WINDOW_MS = 86_400_000;

/**
 * The job's latest attempt completed from its row: added when the job succeeded in an attempt that
 * has no row (claimed and ended within one history batch), or ended when its row still shows it
 * running (written at the claim; the end came in a batch that folded the claim again).
 */
export function withRecordAttempt(rows: JobAttemptEntity[], record: JobRecordEntity | null): JobAttemptEntity[] {
  if (!record || record.status !== 'succeeded' || record.claimVersion === null) return rows;
  const latest = rows.find((r) => r.claimVersion !== null && BigInt(r.claimVersion) === BigInt(record.claimVersion!));
  if (latest) {
    if (latest.outcome === 'running') Object.assign(latest, { outcome: 'succeeded', finishedAt: record.finishedAt, error: null });
    return rows;
  }
  const held = new JobAttemptEntity();
  Object.assign(held, {
    jobId: record.id,
    createdAt: record.createdAt,
    run: rows.reduce((max, r) => Math.max(max, r.run), 0) + 1,
    attempt: record.attempts,
    workerId: record.workerId,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    outcome: 'succeeded',
    error: null,
    claimVersion: record.claimVersion,
    endVersion: record.version,
  });
  // the job's latest progress, when this attempt reported it (after its claim)
  if (record.progressVersion !== null && record.progressAt !== null && BigInt(record.progressVersion) > BigInt(record.claimVersion)) {
    Object.assign(held, { progress: record.progress, progressAt: record.progressAt, progressVersion: record.progressVersion });
  } else {
    Object.assign(held, { progress: null, progressAt: null, progressVersion: null });
  }
  return [...rows, held];
}

/**
 * What the API reads from history: a job as last recorded, its attempts, pages of jobs by queue,
 * status, type and creation time, newest first, and an execution as last refreshed. Throws
 * StoreUnavailableError (503) while Postgres is unreachable.
 */
@Injectable()
export class HistoryQueryService {
  constructor(private readonly database: HistoryDatabase) {}

  async findJob(id: string): Promise<JobHistoryRecord | null> {
    const ds = await this.connected();
    const row = await available(readSettled(() => this.findJobRow(ds, id), (r) => r !== null));
    return row ? toJobHistoryRecord(row) : null;
  }

  /** The `executions` row the refresh last wrote (what GET /executions/:id shows after retention). */
  async findExecution(id: string): Promise<ExecutionRecord | null> {
    const ds = await this.connected();
    const repo = ds.getRepository(ExecutionEntity);
    const idTime = timeOfJobId(id);
    // created_at is the store's clock at creation, within moments of the time in the id: the window
    // keeps the lookup to the partitions around it
    const row = await available(
      readSettled(
        () =>
          idTime === undefined
            ? repo.findOneBy({ id })
            : repo.findOneBy({ id, createdAt: Between(new Date(idTime - EXECUTION_WINDOW_MS), new Date(idTime + EXECUTION_WINDOW_MS)) }),
        (r) => r !== null,
      ),
    );
    return row ? toExecutionRecord(row) : null;
  }

  /**
   * A job's attempts in run order. A successful attempt claimed and ended within one history batch
   * has no row of its own (the job's row holds it): it is shown from the job's row, as is the end
   * of a latest attempt whose row was written while it ran.
   */
  async listAttempts(jobId: string): Promise<JobAttemptHistory[]> {
    const ds = await this.connected();
    const key = new Date(historyKeyOf(jobId));
    const [keyed, moved, record] = await available(
      readSettled(
        () =>
          Promise.all([
            ds.getRepository(JobAttemptEntity).find({ where: { jobId, createdAt: key }, order: { run: 'ASC' } }),
            this.fromDefault(ds, JobAttemptEntity, 'job_attempts_default', 'job_id', jobId),
            this.findJobRow(ds, jobId),
          ]),
        // a job that succeeded in one history batch has no attempt rows: read again only to be sure
        ([k, m, r]) => r !== null && k.length + m.length > 0,
      ),
    );
    const byRun = new Map<number, JobAttemptEntity>();
    for (const row of [...moved, ...keyed]) byRun.set(row.run, row);
    return withRecordAttempt([...byRun.values()].sort((a, b) => a.run - b.run), record).map(toJobAttemptHistory);
  }

  /**
   * A page of the log lines history keeps of a job (its newest JOB_LOG_LINES), from line `from`
   * on; null when history has no row of the job.
   */
  async logs(jobId: string, from: number, limit: number): Promise<LogPage | null> {
    const ds = await this.connected();
    const key = new Date(historyKeyOf(jobId));
    const [record, lines, [oldest]] = await available(
      readSettled(
        () =>
          Promise.all([
            this.findJobRow(ds, jobId),
            ds.query(
              `SELECT seq, (extract(epoch FROM at) * 1000)::float8 AS at, line FROM job_logs
               WHERE created_at = $1 AND job_id = $2 AND seq >= $3 ORDER BY seq LIMIT $4`,
              [key, jobId, from, limit],
            ) as Promise<Array<{ seq: number; at: number; line: string }>>,
            ds.query(`SELECT min(seq) AS seq FROM job_logs WHERE created_at = $1 AND job_id = $2`, [key, jobId]) as Promise<Array<{ seq: number | null }>>,
          ]),
        ([r, , [o]]) => r !== null && (o?.seq != null || !r.logLines),
      ),
    );
    if (!record) return null;
    const total = Math.max(record.logLines ?? 0, lines.at(-1)?.seq ?? 0);
    return {
      lines: lines.map((l) => ({ seq: l.seq, at: Math.round(Number(l.at)), line: l.line })),
      total,
      firstKept: oldest?.seq ?? total + 1,
    };
  }

  /**
   * The jobs history holds of an execution (job_records by execution_id: each partition's partial
   * index, from the day before the execution was made on), in id order, at most `limit`; read once
   * more when fewer than `expected` (readSettled).
   */
  async listExecutionJobs(executionId: string, createdAt: number, limit: number, expected = 1): Promise<JobHistoryRecord[]> {
    const ds = await this.connected();
    const rows = await available(
      readSettled(
        () =>
          ds
            .getRepository(JobRecordEntity)
            .createQueryBuilder('j')
            .where('j.executionId = :executionId', { executionId })
            .andWhere('j.createdAt >= :from', { from: new Date(createdAt - EXECUTION_WINDOW_MS) })
            .orderBy('j.id', 'ASC')
            .limit(limit)
            .getMany(),
        // `expected`: the execution's job count as last refreshed (fewer: read once more)
        (found) => found.length >= Math.min(expected, limit),
      ),
    );
    return rows.map(toJobHistoryRecord);
  }

  async listJobs(query: JobHistoryQuery): Promise<JobHistoryPage> {
    const limit = Math.min(Math.max(Math.floor(query.limit ?? HISTORY_PAGE_DEFAULT), 1), HISTORY_PAGE_MAX);
    const ds = await this.connected();
    const qb = ds.getRepository(JobRecordEntity).createQueryBuilder('j');
    if (query.queue !== undefined) qb.andWhere('j.queue = :queue', { queue: query.queue });
    if (query.status !== undefined) qb.andWhere('j.status = :status', { status: query.status });
    if (query.type !== undefined) qb.andWhere('j.type = :type', { type: query.type });
    if (query.from !== undefined) qb.andWhere('j.createdAt >= :from', { from: new Date(query.from) });
    if (query.to !== undefined) qb.andWhere('j.createdAt < :to', { to: new Date(query.to) });
    if (query.cursor !== undefined) {
      const after = decodeHistoryCursor(query.cursor);
      qb.andWhere('(j.createdAt, j.id) < (:afterTime, :afterId)', { afterTime: new Date(after.createdAt), afterId: after.id });
    }
    qb.orderBy('j.createdAt', 'DESC').addOrderBy('j.id', 'DESC').limit(limit + 1);
    const rows = await available(qb.getMany());
    const items = rows.slice(0, limit).map(toJobHistoryRecord);
    const last = items[items.length - 1];
    const nextCursor = rows.length > limit && last ? encodeHistoryCursor({ createdAt: last.createdAt, id: last.id }) : null;
    return { items, nextCursor };
  }

  /**
   * The job's row: in the partition of the time in its id, or else (history an upgrade moved into
   * the default partition, keyed by its enqueue time until the partition upkeep moves it) in the
   * default partition, through its index on id.
   */
  private async findJobRow(ds: DataSource, id: string): Promise<JobRecordEntity | null> {
    const row = await ds.getRepository(JobRecordEntity).findOneBy({ createdAt: new Date(historyKeyOf(id)), id });
    if (row) return row;
    const [moved] = await this.fromDefault(ds, JobRecordEntity, 'job_records_default', 'id', id);
    return moved ?? null;
  }

  /** Rows of a default partition by an indexed id column, mapped as the entity's own rows. */
  private async fromDefault<T extends object>(ds: DataSource, entity: new () => T, table: string, column: string, id: string): Promise<T[]> {
    const raw = (await ds.query(`SELECT * FROM "${table}" WHERE "${column}" = $1`, [id])) as Array<Record<string, unknown>>;
    const columns = ds.getMetadata(entity).columns;
    return raw.map((r) => {
      const out = new entity() as Record<string, unknown>;
      for (const c of columns) out[c.propertyName] = r[c.databaseName];
      return out as T;
    });
  }

  private async connected(): Promise<DataSource> {
    try {
      return await this.database.dataSource();
    } catch (err) {
      throw unavailable(err);
    }
  }
}

/** Connection failures become StoreUnavailableError; query errors (bugs) pass unchanged. */
async function available<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (err) {
    throw isConnectionError(err) ? unavailable(err) : err;
  }
}

function unavailable(err: unknown): StoreUnavailableError {
  return new StoreUnavailableError(`job history is unavailable: ${err instanceof Error ? err.message : String(err)}`);
}

/** No SQLSTATE (socket errors), class 08 (connection), 57P (shutdown), 53 (resources). */
function isConnectionError(err: unknown): boolean {
  const code = (err as { driverError?: { code?: unknown }; code?: unknown })?.driverError?.code ?? (err as { code?: unknown })?.code;
  return typeof code !== 'string' || !/^[0-9][0-9A-Z]{4}$/.test(code) || /^(08|57P|53)/.test(code);
}

/**
 * A read through the partitioned history tables, read once more when it found nothing. The
 * partition upkeep moves rows out of a default partition and attaches their new partition in one
 * transaction (HistoryPartitions.attach); a read that waited on its locks plans with the new
 * partition but reads with the snapshot it took before it waited, so it sees neither copy. The
 * second read starts after the move committed.
 */
async function readSettled<T>(read: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
  const first = await read();
  return found(first) ? first : read();
}
