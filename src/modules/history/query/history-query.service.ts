import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StoreUnavailableError } from '../../../domain/errors';
import { ExecutionRecord } from '../../../domain/execution';
import { ExecutionEntity } from '../entities/execution.entity';
import { JobAttemptEntity } from '../entities/job-attempt.entity';
import { JobRecordEntity } from '../entities/job-record.entity';
import { HistoryDatabase } from '../history-database';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';
import { toExecutionRecord, toJobAttemptHistory, toJobHistoryRecord } from './history-record.mapper';
import { JobAttemptHistory, JobHistoryPage, JobHistoryQuery, JobHistoryRecord } from './job-history.types';

export const HISTORY_PAGE_DEFAULT = 100;
export const HISTORY_PAGE_MAX = 1000;

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
    const row = await available(ds.getRepository(JobRecordEntity).findOneBy({ id }));
    return row ? toJobHistoryRecord(row) : null;
  }

  /** The `executions` row the refresh last wrote (what GET /executions/:id shows after retention). */
  async findExecution(id: string): Promise<ExecutionRecord | null> {
    const ds = await this.connected();
    const row = await available(ds.getRepository(ExecutionEntity).findOneBy({ id }));
    return row ? toExecutionRecord(row) : null;
  }

  async listAttempts(jobId: string): Promise<JobAttemptHistory[]> {
    const ds = await this.connected();
    const rows = await available(ds.getRepository(JobAttemptEntity).find({ where: { jobId }, order: { run: 'ASC' } }));
    return rows.map(toJobAttemptHistory);
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
