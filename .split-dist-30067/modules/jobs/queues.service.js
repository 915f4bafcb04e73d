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
exports.QueuesService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const clock_1 = require("../../domain/clock");
const errors_1 = require("../../domain/errors");
const job_1 = require("../../domain/job");
const queue_stats_1 = require("../../domain/queue-stats");
const queue_1 = require("../queue");
const accepted_queues_1 = require("./accepted-queues");
let QueuesService = class QueuesService {
    store;
    clock;
    accepted;
    constructor(store, clock, config) {
        this.store = store;
        this.clock = clock;
        this.accepted = new accepted_queues_1.AcceptedQueues(config.queues);
    }
    /** Every known queue with its job count per status, sorted by name. */
    async summaries() {
        const names = [...(await this.store.queues())].sort();
        return Promise.all(names.map(async (name) => {
            const [counts, refresh] = await Promise.all([this.store.counts(name), this.store.refreshBacklog(name)]);
            return { name, counts, refresh };
        }));
    }
    /**
     * The dashboard's overview of a queue: its counts, its oldest pending job, and the last 15
     * minutes of results and latencies its workers recorded. A queue outside QUEUES: 400 naming `name`.
     */
    async stats(queue) {
        if (!job_1.NAME_PATTERN.test(queue))
            throw new errors_1.InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
        this.accepted.check(queue, 'name');
        const at = this.clock.now();
        const [counts, oldestPending, minutes] = await Promise.all([this.store.counts(queue), this.store.oldestPending(queue), this.store.stats.read(queue, at)]);
        return { queue, at, counts, oldestPending, window: (0, queue_stats_1.summarizeWindow)(minutes, at) };
    }
};
exports.QueuesService = QueuesService;
exports.QueuesService = QueuesService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __param(1, (0, common_1.Inject)(clock_1.CLOCK)),
    __metadata("design:paramtypes", [Object, Object, app_config_1.AppConfig])
], QueuesService);
//# sourceMappingURL=queues.service.js.map