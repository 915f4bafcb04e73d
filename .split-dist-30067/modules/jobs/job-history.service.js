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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobHistoryService = void 0;
const common_1 = require("@nestjs/common");
const errors_1 = require("../../domain/errors");
const history_1 = require("../history");
const queue_1 = require("../queue");
const job_history_presenter_1 = require("./job-history.presenter");
const latest_attempt_1 = require("./latest-attempt");
const HISTORY_OFF = 'needs job history, which is off (DATABASE_URL is not set)';
/**
 * The API's reads that reach past the store into job history (HistoryModule, present only when
 * DATABASE_URL is set, hence @Optional). Without history each read answers from the store alone,
 * as documented per route, or refuses what only history can answer (a time range) with a 400.
 */
let JobHistoryService = class JobHistoryService {
    store;
    history;
    constructor(store, history) {
        this.store = store;
        this.history = history;
    }
    get enabled() {
        return this.history !== undefined;
    }
    async find(id) {
        const job = await this.store.get(id);
        if (job)
            return { source: 'store', job };
        const record = await this.history?.findJob(id);
        if (record)
            return { source: 'history', record };
        throw new errors_1.JobNotFoundError(id);
    }
    /**
     * Every attempt from history; the store's view of the latest attempt when history is off or has
     * not recorded the job's attempts yet (the writer lags the store by a batch).
     */
    async attempts(id) {
        const found = await this.find(id);
        if (this.history) {
            const attempts = await this.history.listAttempts(id);
            if (attempts.length > 0 || found.source === 'history') {
                return { jobId: id, source: 'history', items: attempts.map(job_history_presenter_1.presentHistoryAttempt) };
            }
        }
        return { jobId: id, source: 'store', items: found.source === 'store' ? (0, latest_attempt_1.latestAttemptFromJob)(found.job) : [] };
    }
    /** Jobs created in [from, to), newest first: only history can answer this. */
    listCreated(query) {
        if (!this.history)
            throw new errors_1.InvalidJobSpecError(query.from !== undefined ? 'from' : 'to', HISTORY_OFF);
        if (query.from !== undefined && query.to !== undefined && query.to <= query.from) {
            throw new errors_1.InvalidJobSpecError('to', 'must be later than from');
        }
        return this.history.listJobs(query);
    }
};
exports.JobHistoryService = JobHistoryService;
exports.JobHistoryService = JobHistoryService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(1, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [Object, history_1.HistoryQueryService])
], JobHistoryService);
//# sourceMappingURL=job-history.service.js.map