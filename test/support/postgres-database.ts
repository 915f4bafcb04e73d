import { randomBytes } from 'node:crypto';
import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { historyDataSourceOptions } from '../../src/modules/history/history-data-source-options';
import { runMigrationsLocked } from '../../src/modules/history/history-database';

/** The shared test PostgreSQL (trust auth). Override with TEST_POSTGRES_URL. */
export const SHARED_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

/** A database URL for `name` on the server of `adminUrl` (same user, host, port). */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, empty database of its own for one test file: `claimq_test_<pid>_<random>`, created
 * through an admin connection to the server's `postgres` database.
 */
export async function createTestDatabase(adminUrl = SHARED_POSTGRES_URL): Promise<TestDatabase> {
  const name = `claimq_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE "${name}"`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => admin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A fresh database with the history migrations applied, and a DataSource on it. */
export async function createHistoryDatabase(
  adminUrl = SHARED_POSTGRES_URL,
  logger?: TypeOrmLogger,
): Promise<TestDatabase & { dataSource: DataSource }> {
  const db = await createTestDatabase(adminUrl);
  const dataSource = new DataSource({ ...historyDataSourceOptions(db.url), ...(logger ? { logger, logging: true } : {}) });
  await dataSource.initialize();
  await runMigrationsLocked(dataSource);
  return {
    ...db,
    dataSource,
    drop: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
    },
  };
}

/** One statement on the server's admin database (TypeORM's pg driver: @types/pg is not installed). */
async function admin(adminUrl: string, sql: string): Promise<void> {
  const ds = new DataSource({ type: 'postgres', url: adminUrl, poolSize: 1 });
  await ds.initialize();
  try {
    await ds.query(sql);
  } finally {
    await ds.destroy();
  }
}
