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
const job_store_1 = require("../queue/job-store");
let QueuesService = class QueuesService {
    store;
    constructor(store) {
        this.store = store;
    }
    /** Every known queue with its job count per status, sorted by name. */
    async summaries() {
        const names = [...(await this.store.queues())].sort();
        return Promise.all(names.map(async (name) => {
            const [counts, refresh] = await Promise.all([this.store.counts(name), this.store.refreshBacklog(name)]);
            return { name, counts, refresh };
        }));
    }
};
exports.QueuesService = QueuesService;
exports.QueuesService = QueuesService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(job_store_1.JobStore)),
    __metadata("design:paramtypes", [job_store_1.JobStore])
], QueuesService);
//# sourceMappingURL=queues.service.js.map