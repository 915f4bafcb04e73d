import { DataSource, QueryRunner } from 'typeorm';
import { Clock, systemClock } from '../../../domain/clock';
import { PARTITIONED_TABLES, PartitionedTable } from './partitioned-tables';
import { PartitionPeriod, PartitionRange, parseRangeBound, partitionName, periodEnd, periodStart, rangesToCreate, uncovered } from './partition-period';

/** Only one instance maintains partitions at a time; the others skip their pass. */
const PARTITIONS_LOCK_KEY = 4_711_202_602;
const DAY_MS = 86_400_000;
/** Rows deleted per statement from a default partition past retention. */
const DELETE_BATCH = 10_000;
const DELETE_ROUNDS = 100;
/**
 * How far a default row's created_at may be from its key and still be found through the key
 * index: a row an upgrade brought has its enqueue time there, moments after the time in its id.
 * (One further off stays in the default partition, found by id, until retention deletes it.)
 */
const SLACK_MS = DAY_MS;
/** A partition's indexes are rebuilt once this long after its period ended (late events have come). */
const COMPACT_AFTER_MS = 3_600_000;
/** The comment a compacted partition carries (so it is rebuilt once). */
const COMPACTED_MARK = 'claimq: indexes compacted';

export interface HistoryPartitionsOptions {
  period: PartitionPeriod;
  /** 0 keeps everything. */
  retentionDays: number;
  clock?: Clock;
  log?: { log(message: string): void; warn(message: string): void };
  /** How long DDL waits for a table lock before giving up until the next pass. */
  lockTimeoutMs?: number;
}

export interface PartitionsReport {
  /** False when another instance held the maintenance lock, or history is not partitioned yet. */
  ran: boolean;
  created: string[];
  moved: Array<{ partition: string; rows: number }>;
  dropped: string[];
  /** Rows past retention deleted from default partitions. */
  deleted: number;
  /** Partitions whose indexes were rebuilt (compactPartition). */
  compacted: string[];
  /** Steps that failed (a lock not granted in time...): tried again on the next pass. */
  errors: string[];
}

interface Partition {
  name: string;
  range?: PartitionRange;
}

/**
 * Keeps history's time partitions: creates them ahead of time, moves rows that landed in a
 * table's default partition into range partitions (the history an upgrade started from, or rows
 * written before their partition existed), and drops whole partitions past retention. Runs on
 * every instance; a session advisory lock lets one at a time do it, the others skip.
 *
 * Locks: a partition is created detached and then attached (SHARE UPDATE EXCLUSIVE on the parent:
 * writers and readers go on; the default partition is locked while PostgreSQL checks it holds no
 * row of the new range). Dropping a partition locks the parent briefly; every DDL statement waits
 * at most lockTimeoutMs for its lock, so a long query delays a drop to the next pass instead of
 * stalling writers queued behind it.
 */
export class HistoryPartitions {
  private readonly clock: Clock;
  private readonly lockTimeoutMs: number;

  constructor(
    private readonly dataSource: () => Promise<DataSource>,
    private readonly options: HistoryPartitionsOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 2_000;
  }

  async maintain(): Promise<PartitionsReport> {
    const report: PartitionsReport = { ran: false, created: [], moved: [], dropped: [], deleted: 0, compacted: [], errors: [] };
    const ds = await this.dataSource();
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [PARTITIONS_LOCK_KEY])) as [{ locked: boolean }];
      if (!locked) return report;
      try {
        if (!(await this.partitioned(runner))) return report;
        report.ran = true;
        for (const table of PARTITIONED_TABLES) await this.maintainTable(runner, table, report);
        // last: a rebuild may wait for old snapshots, and must not hold up another table's upkeep
        for (const table of PARTITIONED_TABLES) await this.compactNext(runner, table, report);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [PARTITIONS_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
    return report;
  }

  /** Range partitions of a table, oldest first (for tests, health and the bench). */
  async partitions(table: string): Promise<Partition[]> {
    const ds = await this.dataSource();
    return listPartitions(ds, table);
  }

  private async partitioned(runner: QueryRunner): Promise<boolean> {
    const rows = (await runner.query(`SELECT 1 FROM pg_class WHERE relname = 'job_records' AND relkind = 'p'`)) as unknown[];
    return rows.length > 0;
  }

  /** Runs one step of a table's upkeep; a failure is reported and logged, and the next step goes on. */
  private async step(runner: QueryRunner, table: PartitionedTable, report: PartitionsReport, what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      const text = `${table.name}: ${what}: ${(err as Error).message}`;
      report.errors.push(text);
      this.options.log?.warn(`history partitions: ${text}`);
    }
  }

  private cutoff(): number | undefined {
    return this.options.retentionDays > 0 ? this.clock.now() - this.options.retentionDays * DAY_MS : undefined;
  }

  private async maintainTable(runner: QueryRunner, table: PartitionedTable, report: PartitionsReport): Promise<void> {
    const step = (what: string, run: () => Promise<void>) => this.step(runner, table, report, what, run);
    let existing = await listPartitions(runner, table.name);
    const coveredUntil = Math.max(0, ...existing.map((p) => p.range?.to ?? 0)) || undefined;
    for (const range of rangesToCreate(this.options.period, coveredUntil, this.clock.now())) {
      await step(`creating ${partitionName(table.name, range.from)}`, async () => {
        report.created.push(...(await this.create(runner, table, range, report)));
      });
    }
    existing = await listPartitions(runner, table.name);
    await step('moving rows out of the default partition', () => this.moveDefault(runner, table, existing, report));
    const cutoff = this.cutoff();
    if (cutoff !== undefined) {
      for (const p of existing) {
        if (!p.range || p.range.to > cutoff) continue;
        await step(`dropping ${p.name}`, async () => {
          await runner.startTransaction();
          await runner.query(`SET LOCAL lock_timeout = ${this.lockTimeoutMs}`);
          await runner.query(`DROP TABLE "${p.name}"`);
          await runner.commitTransaction();
          report.dropped.push(p.name);
        });
      }
      await step('deleting default rows past retention', async () => {
        report.deleted += await this.deleteDefault(runner, table, cutoff);
      });
    }
  }

  /** Compacts the table's newest closed partition not compacted yet (none past retention). */
  private async compactNext(runner: QueryRunner, table: PartitionedTable, report: PartitionsReport): Promise<void> {
    const cutoff = this.cutoff();
    const existing = await listPartitions(runner, table.name);
    const closed = existing.filter((p) => p.range && p.range.to <= this.clock.now() - COMPACT_AFTER_MS && (cutoff === undefined || p.range.to > cutoff));
    const next = await nextToCompact(runner, closed);
    if (!next) return;
    await this.step(runner, table, report, `compacting ${next}`, async () => {
      await compactPartition(runner, next, this.clock.now());
      report.compacted.push(next);
    });
  }

  /**
   * A partition ahead of time. When the default partition already holds rows of the current
   * period (the upgrade's own day, or rows written while no instance kept partitions), the period
   * is split: its rest, from a minute ahead, becomes a partition at once, so new rows stop landing
   * in the default partition, and the rows before move later (moveDefault), by day.
   */
  private async create(runner: QueryRunner, table: PartitionedTable, range: PartitionRange, report: PartitionsReport): Promise<string[]> {
    const now = this.clock.now();
    if (range.from <= now && now < range.to) {
      const name = partitionName(table.name, range.from);
      if (await this.tryAttach(runner, table, range, name)) return [name];
      const rest = { from: Math.ceil((now + 60_000) / 60_000) * 60_000, to: range.to };
      if (rest.from >= rest.to) return [];
      return [await this.attach(runner, table, rest, report)];
    }
    return [await this.attach(runner, table, range, report)];
  }

  /**
   * A new range partition, created detached and attached in one transaction. The rows of its range
   * that wait in the default partition (if any) move into it first: once in bulk, then, with the
   * default partition locked against writers, whatever arrived meanwhile, so the attach finds none.
   */
  private async attach(runner: QueryRunner, table: PartitionedTable, range: PartitionRange, report: PartitionsReport): Promise<string> {
    const name = partitionName(table.name, range.from);
    if (!(await this.tryAttach(runner, table, range, name))) {
      const moved = await this.attachOnce(runner, table, range, name, true);
      if (moved > 0) report.moved.push({ partition: name, rows: moved });
    }
    return name;
  }

  /** Attaches an empty partition: false (and nothing done) when the default partition holds rows of its range. */
  private async tryAttach(runner: QueryRunner, table: PartitionedTable, range: PartitionRange, name: string): Promise<boolean> {
    try {
      await this.attachOnce(runner, table, range, name, false);
      return true;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      if (!isDefaultHoldsRange(err)) throw err;
      return false;
    }
  }

  private async attachOnce(runner: QueryRunner, table: PartitionedTable, range: PartitionRange, name: string, move: boolean): Promise<number> {
    await runner.startTransaction();
    await runner.query(`SET LOCAL lock_timeout = ${this.lockTimeoutMs}`);
    await runner.query(`CREATE TABLE "${name}" (LIKE "${table.name}" INCLUDING DEFAULTS)`);
    await runner.query(`ALTER TABLE "${name}" ADD PRIMARY KEY ${table.conflict}`);
    let moved = 0;
    if (move) {
      moved += await this.moveRows(runner, table, range, `"${name}"`);
      await runner.query(`LOCK TABLE "${table.name}_default" IN SHARE ROW EXCLUSIVE MODE`);
      moved += await this.moveRows(runner, table, range, `"${name}"`);
    }
    await runner.query(`ALTER TABLE "${table.name}" ATTACH PARTITION "${name}" FOR VALUES FROM ('${iso(range.from)}') TO ('${iso(range.to)}')`);
    await runner.commitTransaction();
    return moved;
  }

  /**
   * Default rows whose key falls in a kept period: into a new partition for that period, or, where
   * a partition already covers their key (rows whose created_at is not yet their key), through the
   * parent into it. Periods past retention are left to deleteDefault.
   */
  private async moveDefault(runner: QueryRunner, table: PartitionedTable, existing: Partition[], report: PartitionsReport): Promise<void> {
    const cutoff = this.options.retentionDays > 0 ? this.clock.now() - this.options.retentionDays * DAY_MS : 0;
    // by created_at, which is the key or (rows an upgrade brought) within moments of it: the
    // default partition's key index answers without computing any key
    const periods = (await runner.query(
      `SELECT DISTINCT (extract(epoch FROM date_trunc($1, created_at, 'UTC')) * 1000)::bigint AS start
       FROM "${table.name}_default" WHERE created_at > 'epoch' AND created_at >= $2`,
      [this.options.period, iso(cutoff)],
    )) as Array<{ start: string }>;
    const starts = new Set(periods.map((p) => Number(p.start)));
    // A row an upgrade brought was written moments after the time in its id: one keyed just before
    // a period's start may have its created_at in it. Its own period goes first (oldest first), or
    // the attach of the later one finds it in the default partition and fails.
    for (const start of [...starts]) {
      const before = periodStart(this.options.period, start - 1);
      if (starts.has(before) || periodEnd(this.options.period, before) <= cutoff) continue;
      const early = (await runner.query(
        `SELECT 1 FROM "${table.name}_default" WHERE created_at >= $1 AND created_at < $2 AND ${table.keyExpr} < $1 LIMIT 1`,
        [iso(start), iso(start + SLACK_MS)],
      )) as unknown[];
      if (early.length > 0) starts.add(before);
    }
    const covering = existing.flatMap((p) => (p.range ? [{ name: p.name, range: p.range }] : []));
    for (const start of [...starts].sort((a, b) => a - b)) {
      const period: PartitionRange = { from: start, to: periodEnd(this.options.period, start) };
      // parts no partition covers get one, with their rows whose created_at is in it
      for (const part of uncovered(period, covering.map((c) => c.range))) {
        covering.push({ name: await this.attach(runner, table, part, report), range: part });
      }
      // rows keyed in the period whose created_at is not (yet) their key go through the parent
      for (const c of covering) {
        if (c.range.from >= period.to || c.range.to <= period.from) continue;
        const range = { from: Math.max(c.range.from, period.from), to: Math.min(c.range.to, period.to) };
        await runner.startTransaction();
        const rows = await this.moveRows(runner, table, range, `"${table.name}"`);
        await runner.commitTransaction();
        if (rows > 0) report.moved.push({ partition: c.name, rows });
      }
    }
  }

  /**
   * Moves the default rows whose key is in `range` into `target`, each getting its key as
   * created_at: taken out of the default partition in one statement (one scan), then inserted in
   * two, because one INSERT may not merge two of its own rows: rows already keyed first, then rows
   * keyed otherwise (an upgrade's history, keyed by enqueue time), merged into the first by the
   * writer's rules where both hold one job (a job in flight at the upgrade).
   */
  private async moveRows(runner: QueryRunner, table: PartitionedTable, range: PartitionRange, target: string): Promise<number> {
    // made afresh in this transaction (a temp table kept on a pooled connection would keep the
    // columns of the schema it was made with)
    const staging = `moving_${table.name}`;
    await runner.query(`DROP TABLE IF EXISTS "${staging}"`);
    await runner.query(`CREATE TEMP TABLE "${staging}" (LIKE "${table.name}") ON COMMIT DROP`);
    await runner.query(
      `WITH moved AS (
         DELETE FROM "${table.name}_default"
         WHERE created_at >= $3 AND created_at < $4 AND ${table.keyExpr} >= $1 AND ${table.keyExpr} < $2 RETURNING *)
       INSERT INTO "${staging}" SELECT * FROM moved`,
      [iso(range.from), iso(range.to), iso(range.from - SLACK_MS), iso(range.to + SLACK_MS)],
    );
    const cols = table.columns.map((c) => `"${c}"`).join(', ');
    const selected = table.columns.map((c) => (c === 'created_at' ? `${table.keyExpr} AS created_at` : `"${c}"`)).join(', ');
    const onConflict = table.merge ? `DO UPDATE SET ${table.merge}` : 'DO NOTHING';
    let moved = 0;
    for (const keyed of [true, false]) {
      if (!keyed && table.keyExpr === 'created_at') continue;
      const result = await runner.query(
        `INSERT INTO ${target} AS ${table.alias} (${cols})
         SELECT ${selected} FROM "${staging}" WHERE created_at ${keyed ? '=' : '<>'} ${table.keyExpr}
         ON CONFLICT ${table.conflict} ${onConflict}`,
        [],
        true,
      );
      moved += (result as { affected?: number }).affected ?? 0;
    }
    return moved;
  }

  private async deleteDefault(runner: QueryRunner, table: PartitionedTable, cutoff: number): Promise<number> {
    let deleted = 0;
    for (let round = 0; round < DELETE_ROUNDS; round++) {
      const result = await runner.query(
        `DELETE FROM "${table.name}_default" WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM "${table.name}_default"
           WHERE created_at < $2 AND ${table.keyExpr} > 'epoch' AND ${table.keyExpr} < $1 LIMIT ${DELETE_BATCH}))`,
        [iso(cutoff), iso(cutoff + SLACK_MS)],
        true,
      );
      const n = (result as { affected?: number }).affected ?? 0;
      deleted += n;
      if (n < DELETE_BATCH) break;
    }
    return deleted;
  }
}

async function listPartitions(db: { query(sql: string, params?: unknown[]): Promise<unknown> }, table: string): Promise<Partition[]> {
  const rows = (await db.query(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass`,
    [table],
  )) as Array<{ name: string; bound: string }>;
  return rows
    .map((r) => ({ name: r.name, range: parseRangeBound(r.bound) }))
    .sort((a, b) => (a.range?.from ?? -1) - (b.range?.from ?? -1));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** 23514 at ATTACH: the default partition holds rows of the new range, which must move first. */
function isDefaultHoldsRange(err: unknown): boolean {
  return (err as { driverError?: { code?: string } }).driverError?.code === '23514';
}

/**
 * The newest closed partition not compacted yet, if any: one per table per pass, since a rebuild
 * reads the whole partition (yesterday's first, the most read; an upgrade's older days follow).
 */
async function nextToCompact(runner: QueryRunner, closed: Partition[]): Promise<string | undefined> {
  if (closed.length === 0) return undefined;
  const rows = (await runner.query(`SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS mark FROM pg_class c WHERE c.relname = ANY($1)`, [
    closed.map((p) => p.name),
  ])) as Array<{ name: string; mark: string | null }>;
  const compacted = new Set(rows.filter((r) => r.mark?.startsWith(COMPACTED_MARK)).map((r) => r.name));
  return [...closed].reverse().find((p) => !compacted.has(p.name))?.name;
}

/**
 * Rebuilds a closed partition's indexes (REINDEX CONCURRENTLY: writers and readers go on) and marks
 * it done. Rows of many queues and types arrive interleaved, so the (queue, ...) indexes take their
 * inserts mid-index, where a full page splits in two half-full ones: the day closes with indexes
 * about 60% full, a rebuild packs them to 90% (bench:history: bytes per job). A rebuild cut short
 * leaves its invalid copy (`<index>_ccnew`) behind; those are dropped first.
 */
export async function compactPartition(runner: QueryRunner | DataSource, name: string, now = Date.now()): Promise<void> {
  const invalid = (await runner.query(
    `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass AND NOT x.indisvalid`,
    [`"${name}"`],
  )) as Array<{ name: string }>;
  for (const index of invalid) await runner.query(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`);
  await runner.query(`REINDEX TABLE CONCURRENTLY "${name}"`);
  await runner.query(`COMMENT ON TABLE "${name}" IS '${COMPACTED_MARK} ${new Date(now).toISOString()}'`);
}
