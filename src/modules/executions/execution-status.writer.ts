import { Execution } from '../../domain/execution';
import { isDataError } from '../history';
import { UPSERT_EXECUTIONS } from './execution-status.statements';

/** An execution whose status the database refused as data: set aside, the rest of its batch written. */
export interface RejectedExecution {
  id: string;
  reason: string;
}

/**
 * Where a refresh writes the status of a batch of executions: one call per batch. Returns the
 * executions it refused as data (never retried: the same row would be refused again); any other
 * failure throws, and the batch is retried whole.
 */
export interface ExecutionStatusSink {
  write(executions: Execution[]): Promise<RejectedExecution[] | void>;
}

/** What the writer needs of a database: one parameterised statement (TypeORM's DataSource has it). */
export interface StatementRunner {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The `executions` table in PostgreSQL, one multi-row upsert per batch. */
export class PostgresExecutionStatusWriter implements ExecutionStatusSink {
  constructor(private readonly database: () => Promise<StatementRunner>) {}

  /**
   * One statement for the batch. When PostgreSQL refuses it as data (SQLSTATE class 22 or 23: a
   * callback URL it cannot store, say), each row is written on its own and those it still
   * refuses are returned, so one bad record never stalls the refresh of its queue.
   */
  async write(executions: Execution[]): Promise<RejectedExecution[]> {
    if (executions.length === 0) return [];
    const db = await this.database();
    try {
      await db.query(UPSERT_EXECUTIONS, [JSON.stringify(executions.map(toRow))]);
      return [];
    } catch (err) {
      if (!isDataError(err)) throw err;
    }
    const rejected: RejectedExecution[] = [];
    for (const execution of executions) {
      try {
        await db.query(UPSERT_EXECUTIONS, [JSON.stringify([toRow(execution)])]);
      } catch (err) {
        if (!isDataError(err)) throw err;
        rejected.push({ id: execution.id, reason: (err as Error).message });
      }
    }
    return rejected;
  }
}

function toRow(e: Execution): object {
  return {
    id: e.id,
    queue: e.queue,
    status: e.status,
    total: e.total,
    ...e.counts,
    callback_url: e.callbackUrl ?? null,
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
    finished_at: e.finishedAt === undefined ? null : iso(e.finishedAt),
    version: e.version,
  };
}
