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
const common_1 = require("@nestjs/common");
const errors_1 = require("../../../domain/errors");
const job_attempt_entity_1 = require("../entities/job-attempt.entity");
const job_record_entity_1 = require("../entities/job-record.entity");
const history_database_1 = require("../history-database");
const history_cursor_1 = require("./history-cursor");
const history_record_mapper_1 = require("./history-record.mapper");
exports.HISTORY_PAGE_DEFAULT = 100;
exports.HISTORY_PAGE_MAX = 1000;
/**
 * What the API reads from history: a job as last recorded, its attempts, and pages of jobs by
 * queue, status, type and creation time, newest first. Throws StoreUnavailableError (503) while
 * Postgres is unreachable.
 */
let HistoryQueryService = class HistoryQueryService {
    database;
    constructor(database) {
        this.database = database;
    }
    async findJob(id) {
        const ds = await this.connected();
        const row = await available(ds.getRepository(job_record_entity_1.JobRecordEntity).findOneBy({ id }));
        return row ? (0, history_record_mapper_1.toJobHistoryRecord)(row) : null;
    }
    async listAttempts(jobId) {
        const ds = await this.connected();
        const rows = await available(ds.getRepository(job_attempt_entity_1.JobAttemptEntity).find({ where: { jobId }, order: { attempt: 'ASC' } }));
        return rows.map(history_record_mapper_1.toJobAttemptHistory);
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