"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryQueryService = exports.HISTORY_PAGE_MAX = exports.HISTORY_PAGE_DEFAULT = void 0;
exports.withRecordAttempt = withRecordAttempt;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const job_id_1 = require("../../../domain/job-id");
const job_history_fold_1 = require("../writer/job-history-fold");
const errors_1 = require("../../../domain/errors");
const execution_entity_1 = require("../entities/execution.entity");
const job_attempt_entity_1 = require("../entities/job-attempt.entity");
const job_record_entity_1 = require("../entities/job-record.entity");
const history_database_1 = require("../history-database");
const history_cursor_1 = require("./history-cursor");
const history_record_mapper_1 = require("./history-record.mapper");
exports.HISTORY_PAGE_DEFAULT = 100;
exports.HISTORY_PAGE_MAX = 1000;
/** How far an execution's created_at may be from the time in its id (they are read moments apart). */
const EXECUTION_WINDOW_MS = 86_400_000;
/**
 * The job's latest attempt completed from its row: added when the job succeeded in an attempt that
 * has no row (claimed and ended within one history batch), or ended when its row still shows it
 * running (written at the claim; the end came in a batch that folded the claim again).
 */
function withRecordAttempt(rows, record) {
    if (!record || record.status !== 'succeeded' || record.claimVersion === null)
        return rows;
    const latest = rows.find((r) => r.claimVersion !== null && BigInt(r.claimVersion) === BigInt(record.claimVersion));
    if (latest) {
        if (latest.outcome === 'running')
            Object.assign(latest, { outcome: 'succeeded', finishedAt: record.finishedAt, error: null });
        return rows;
    }
    const held = new job_attempt_entity_1.JobAttemptEntity();
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
    return [...rows, held];
}
/**
 * What the API reads from history: a job as last recorded, its attempts, pages of jobs by queue,
 * status, type and creation time, newest first, and an execution as last refreshed. Throws
 * StoreUnavailableError (503) while Postgres is unreachable.
 */
let HistoryQueryService = class HistoryQueryService {
    database;
    constructor(database) {
        this.database = database;
    }
    async findJob(id) {
        const ds = await this.connected();
        const row = await available(this.findJobRow(ds, id));
        return row ? (0, history_record_mapper_1.toJobHistoryRecord)(row) : null;
    }
    /** The `executions` row the refresh last wrote (what GET /executions/:id shows after retention). */
    async findExecution(id) {
        const ds = await this.connected();
        const repo = ds.getRepository(execution_entity_1.ExecutionEntity);
        const idTime = (0, job_id_1.timeOfJobId)(id);
        // created_at is the store's clock at creation, within moments of the time in the id: the window
        // keeps the lookup to the partitions around it
        const row = await available(idTime === undefined
            ? repo.findOneBy({ id })
            : repo.findOneBy({ id, createdAt: (0, typeorm_1.Between)(new Date(idTime - EXECUTION_WINDOW_MS), new Date(idTime + EXECUTION_WINDOW_MS)) }));
        return row ? (0, history_record_mapper_1.toExecutionRecord)(row) : null;
    }
    /**
     * A job's attempts in run order. A successful attempt claimed and ended within one history batch
     * has no row of its own (the job's row holds it): it is shown from the job's row, as is the end
     * of a latest attempt whose row was written while it ran.
     */
    async listAttempts(jobId) {
        const ds = await this.connected();
        const key = new Date((0, job_history_fold_1.historyKeyOf)(jobId));
        const [keyed, moved, record] = await available(Promise.all([
            ds.getRepository(job_attempt_entity_1.JobAttemptEntity).find({ where: { jobId, createdAt: key }, order: { run: 'ASC' } }),
            this.fromDefault(ds, job_attempt_entity_1.JobAttemptEntity, 'job_attempts_default', 'job_id', jobId),
            this.findJobRow(ds, jobId),
        ]));
        const byRun = new Map();
        for (const row of [...moved, ...keyed])
            byRun.set(row.run, row);
        return withRecordAttempt([...byRun.values()].sort((a, b) => a.run - b.run), record).map(history_record_mapper_1.toJobAttemptHistory);
    }
    async listJobs(query) {
        const limit = Math.min(Math.max(Math.floor(query.limit ?? exports.HISTORY_PAGE_DEFAULT), 1), exports.HISTORY_PAGE_MAX);
        const ds = await this.connected();
        const qb = ds.getRepository(job_record_entity_1.JobRecordEntity).createQueryBuilder('j');
        if (query.queue !== undefined)
            qb.andWhere('j.queue = :queue', { queue: query.queue });
        if (query.status !== undefined)
            qb.andWhere('j.status = :status', { status: query.status });
        if (query.type !== undefined)
            qb.andWhere('j.type = :type', { type: query.type });
        if (query.from !== undefined)
            qb.andWhere('j.createdAt >= :from', { from: new Date(query.from) });
        if (query.to !== undefined)
            qb.andWhere('j.createdAt < :to', { to: new Date(query.to) });
        if (query.cursor !== undefined) {
            const after = (0, history_cursor_1.decodeHistoryCursor)(query.cursor);
            qb.andWhere('(j.createdAt, j.id) < (:afterTime, :afterId)', { afterTime: new Date(after.createdAt), afterId: after.id });
        }
        qb.orderBy('j.createdAt', 'DESC').addOrderBy('j.id', 'DESC').limit(limit + 1);
        const rows = await available(qb.getMany());
        const items = rows.slice(0, limit).map(history_record_mapper_1.toJobHistoryRecord);
        const last = items[items.length - 1];
        const nextCursor = rows.length > limit && last ? (0, history_cursor_1.encodeHistoryCursor)({ createdAt: last.createdAt, id: last.id }) : null;
        return { items, nextCursor };
    }
    /**
     * The job's row: in the partition of the time in its id, or else (history an upgrade moved into
     * the default partition, keyed by its enqueue time until the partition upkeep moves it) in the
     * default partition, through its index on id.
     */
    async findJobRow(ds, id) {
        const row = await ds.getRepository(job_record_entity_1.JobRecordEntity).findOneBy({ createdAt: new Date((0, job_history_fold_1.historyKeyOf)(id)), id });
        if (row)
            return row;
        const [moved] = await this.fromDefault(ds, job_record_entity_1.JobRecordEntity, 'job_records_default', 'id', id);
        return moved ?? null;
    }
    /** Rows of a default partition by an indexed id column, mapped as the entity's own rows. */
    async fromDefault(ds, entity, table, column, id) {
        const raw = (await ds.query(`SELECT * FROM "${table}" WHERE "${column}" = $1`, [id]));
        const columns = ds.getMetadata(entity).columns;
        return raw.map((r) => {
            const out = new entity();
            for (const c of columns)
                out[c.propertyName] = r[c.databaseName];
            return out;
        });
    }
    async connected() {
        try {
            return await this.database.dataSource();
        }
        catch (err) {
            throw unavailable(err);
        }
    }
};
exports.HistoryQueryService = HistoryQueryService;
exports.HistoryQueryService = HistoryQueryService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [history_database_1.HistoryDatabase])
], HistoryQueryService);
/** Connection failures become StoreUnavailableError; query errors (bugs) pass unchanged. */
async function available(query) {
    try {
        return await query;
    }
    catch (err) {
        throw isConnectionError(err) ? unavailable(err) : err;
    }
}
function unavailable(err) {
    return new errors_1.StoreUnavailableError(`job history is unavailable: ${err instanceof Error ? err.message : String(err)}`);
}
/** No SQLSTATE (socket errors), class 08 (connection), 57P (shutdown), 53 (resources). */
function isConnectionError(err) {
    const code = err?.driverError?.code ?? err?.code;
    return typeof code !== 'string' || !/^[0-9][0-9A-Z]{4}$/.test(code) || /^(08|57P|53)/.test(code);
}
//# sourceMappingURL=history-query.service.js.map