import { Execution } from '../../domain/execution';
import { UPSERT_EXECUTIONS } from './execution-status.statements';

/** Where a refresh writes the status of a batch of executions: one call per batch. */
export interface ExecutionStatusSink {
  write(executions: Execution[]): Promise<void>;
}

/** What the writer needs of a database: one parameterised statement (TypeORM's DataSource has it). */
export interface StatementRunner {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The `executions` table in PostgreSQL, one multi-row upsert per batch. */
export class PostgresExecutionStatusWriter implements ExecutionStatusSink {
  constructor(private readonly database: () => Promise<StatementRunner>) {}

  async write(executions: Execution[]): Promise<void> {
    if (executions.length === 0) return;
    const rows = executions.map((e) => ({
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
    }));
    const db = await this.database();
    await db.query(UPSERT_EXECUTIONS, [JSON.stringify(rows)]);
  }
}
