"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TABLES = exports.PartitionHistory1767484800000 = void 0;
/**
 * History partitioned by time (PostgreSQL declarative partitioning), so that retention drops whole
 * partitions instead of deleting rows from a large table.
 *
 * - job_records and job_attempts are partitioned by `created_at`, the time in the job's id
 *   (claimq_id_time below; timeOfJobId in TS). Every event of a job computes the same key from the
 *   id alone, so an upsert always finds the row it merges with, whatever order events arrive in.
 *   Keys are (created_at, id) and (created_at, job_id, run).
 * - executions are partitioned by their `created_at`, fixed at creation, and keyed (id, created_at):
 *   a lookup by id searches a window around the time in the id.
 * - Each table has a DEFAULT partition (`<table>_default`) for rows no range partition covers:
 *   the history an upgrade started from, events of jobs older than the oldest kept partition, ids
 *   claimq did not make (their key is the epoch). It has an extra index on the id for lookups of
 *   rows whose key is not the id's time (moved history keeps its old created_at until moved).
 *   Range partitions are created ahead by HistoryPartitions (history-partitions.ts), which also
 *   moves default rows into them and drops partitions past retention.
 * - Fewer indexes: only those the API's queries use (docs/architecture.md, "History at scale").
 *
 * Upgrading moves nothing here: the existing table becomes the default partition in one short
 * transaction (its missing indexes are built first, CONCURRENTLY, while writers go on), and
 * HistoryPartitions moves its rows into range partitions afterwards, one period per transaction.
 */
class PartitionHistory1767484800000 {
    name = 'PartitionHistory1767484800000';
    /** CREATE INDEX CONCURRENTLY cannot run in a transaction; the swap below opens its own. */
    transaction = false;
    async up(db) {
        await db.query(CLAIMQ_ID_TIME);
        // job_attempts gains the job's key, set in short batches that walk its primary key (job_id,
        // run), so each batch reads only its own rows. Instances of the version before go on writing
        // rows without it meanwhile: those behind the walk keep the epoch, and history finds them by
        // job id in the default partition (where retention deletes them in time).
        await db.query(`ALTER TABLE "job_attempts" ADD COLUMN IF NOT EXISTS "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT 'epoch'`);
        let after = { job_id: '', run: -1 };
        for (;;) {
            const [last] = (await db.query(`WITH batch AS (
           SELECT "job_id", "run" FROM "job_attempts" WHERE ("job_id", "run") > ($1, $2) ORDER BY "job_id", "run" LIMIT 10000),
         keyed AS (
           UPDATE "job_attempts" a SET "created_at" = claimq_id_time(a."job_id") FROM batch b
           WHERE a."job_id" = b."job_id" AND a."run" = b."run" AND a."created_at" = 'epoch' AND claimq_id_time(a."job_id") > 'epoch')
         SELECT "job_id", "run" FROM batch ORDER BY "job_id" DESC, "run" DESC LIMIT 1`, [after.job_id, after.run]));
            if (!last)
                break;
            after = last;
        }
        for (const table of exports.TABLES) {
            for (const index of [table.key, ...table.indexes, ...table.defaultOnly]) {
                await db.query(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX CONCURRENTLY IF NOT EXISTS "${index.name}_default" ON "${table.name}" ${index.def}`);
            }
        }
        await db.startTransaction();
        try {
            await db.query(`SET LOCAL lock_timeout = '30s'`);
            await db.query(`ALTER TABLE "job_attempts" ALTER COLUMN "created_at" DROP DEFAULT`);
            for (const table of exports.TABLES)
                await swapIn(db, table);
            await db.commitTransaction();
        }
        catch (err) {
            await db.rollbackTransaction();
            throw err;
        }
    }
    /** Back to plain tables: every partition's rows into one table again (keys as moved). */
    async down(db) {
        await db.startTransaction();
        try {
            for (const table of exports.TABLES) {
                await db.query(`ALTER TABLE "${table.name}" RENAME TO "${table.name}_partitioned"`);
                await db.query(`CREATE TABLE "${table.name}" (LIKE "${table.name}_partitioned" INCLUDING DEFAULTS)`);
                await db.query(`INSERT INTO "${table.name}" SELECT * FROM "${table.name}_partitioned"`);
                await db.query(`DROP TABLE "${table.name}_partitioned" CASCADE`);
            }
            await db.query(`ALTER TABLE "job_records" ADD CONSTRAINT "PK_job_records" PRIMARY KEY ("id")`);
            await db.query(`CREATE INDEX "job_records_queue_status_created_idx" ON "job_records" ("queue", "status", "created_at", "id")`);
            await db.query(`CREATE INDEX "job_records_queue_type_created_idx" ON "job_records" ("queue", "type", "created_at", "id")`);
            await db.query(`CREATE INDEX "job_records_queue_created_idx" ON "job_records" ("queue", "created_at", "id")`);
            await db.query(`CREATE INDEX "job_records_created_idx" ON "job_records" ("created_at", "id")`);
            await db.query(`CREATE INDEX "job_records_execution_idx" ON "job_records" ("execution_id") WHERE "execution_id" IS NOT NULL`);
            await db.query(`ALTER TABLE "job_attempts" DROP COLUMN "created_at"`);
            await db.query(`ALTER TABLE "job_attempts" ADD CONSTRAINT "job_attempts_pkey" PRIMARY KEY ("job_id", "run")`);
            await db.query(`ALTER TABLE "executions" ADD CONSTRAINT "PK_executions" PRIMARY KEY ("id")`);
            await db.query(`CREATE INDEX "executions_queue_created_idx" ON "executions" ("queue", "created_at", "id")`);
            await db.query(`CREATE INDEX "executions_status_updated_idx" ON "executions" ("status", "updated_at")`);
            await db.query(`DROP FUNCTION IF EXISTS claimq_id_time(text)`);
            await db.commitTransaction();
        }
        catch (err) {
            await db.rollbackTransaction();
            throw err;
        }
    }
}
exports.PartitionHistory1767484800000 = PartitionHistory1767484800000;
/**
 * The creation time in a claimq id (job-id.ts timeOfJobId), the epoch for any other id. One SQL
 * expression (Horner over the 10 time characters), so PostgreSQL inlines it: the partition upkeep
 * evaluates it for every row it moves.
 */
const digit = (k) => `(strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(right(id, 20), ${k}, 1)) - 1)`;
const horner = Array.from({ length: 10 }, (_, i) => i + 1).reduce((acc, k) => (acc === '' ? `${digit(k)}::bigint` : `(${acc}) * 32 + ${digit(k)}`), '');
const CLAIMQ_ID_TIME = `
CREATE OR REPLACE FUNCTION claimq_id_time(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN id ~ '-[0-9A-HJKMNP-TV-Z]{20}$'
    THEN 'epoch'::timestamptz + (${horner}) * interval '1 millisecond'
    ELSE 'epoch'::timestamptz END
$$`;
exports.TABLES = [
    {
        name: 'job_records',
        dropOld: [
            'CONSTRAINT "PK_job_records"',
            'INDEX "job_records_queue_status_created_idx"',
            'INDEX "job_records_queue_type_created_idx"',
            'INDEX "job_records_queue_created_idx"',
            'INDEX "job_records_created_idx"',
            'INDEX "job_records_execution_idx"',
        ],
        key: { name: 'job_records_pkey', def: '("created_at", "id")', unique: true },
        indexes: [
            { name: 'job_records_queue_created_idx', def: '("queue", "created_at", "id")' },
            { name: 'job_records_queue_type_created_idx', def: '("queue", "type", "created_at", "id")' },
            { name: 'job_records_unfinished_idx', def: `("status", "created_at", "id") WHERE "status" <> 'succeeded'` },
        ],
        defaultOnly: [{ name: 'job_records_id_idx', def: '("id")' }],
    },
    {
        name: 'job_attempts',
        dropOld: ['CONSTRAINT "job_attempts_pkey"'],
        key: { name: 'job_attempts_pkey', def: '("created_at", "job_id", "run")', unique: true },
        indexes: [],
        defaultOnly: [{ name: 'job_attempts_job_idx', def: '("job_id")' }],
    },
    {
        name: 'executions',
        dropOld: ['CONSTRAINT "PK_executions"', 'INDEX "executions_queue_created_idx"', 'INDEX "executions_status_updated_idx"'],
        // looked up by id, with a window around the time in the id (created_at is the store's clock)
        key: { name: 'executions_pkey', def: '("id", "created_at")', unique: true },
        indexes: [{ name: 'executions_queue_created_idx', def: '("queue", "created_at", "id")' }],
        defaultOnly: [],
    },
];
/**
 * The old table becomes `<name>_default` and the default partition of a new partitioned `<name>`.
 * Its indexes were built beforehand under the names `<index>_default`, so attaching it builds
 * nothing and, with no range partition yet, scans nothing.
 */
async function swapIn(db, table) {
    const old = `${table.name}_default`;
    await db.query(`ALTER TABLE "${table.name}" RENAME TO "${old}"`);
    for (const what of table.dropOld) {
        if (what.startsWith('CONSTRAINT'))
            await db.query(`ALTER TABLE "${old}" DROP ${what.replace('CONSTRAINT', 'CONSTRAINT IF EXISTS')}`);
        else
            await db.query(`DROP ${what.replace('INDEX', 'INDEX IF EXISTS')}`);
    }
    await db.query(`CREATE TABLE "${table.name}" (LIKE "${old}" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at")`);
    // the parent has no partition yet, so these build nothing; attaching the old table below adopts
    // its equivalent indexes (built above) instead of building them
    await db.query(`CREATE UNIQUE INDEX "${table.key.name}" ON "${table.name}" ${table.key.def}`);
    for (const index of table.indexes)
        await db.query(`CREATE INDEX "${index.name}" ON "${table.name}" ${index.def}`);
    await db.query(`ALTER TABLE "${table.name}" ATTACH PARTITION "${old}" DEFAULT`);
}
//# sourceMappingURL=1767484800000-partition-history.js.map