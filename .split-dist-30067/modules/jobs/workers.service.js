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
exports.WorkersService = void 0;
const common_1 = require("@nestjs/common");
const app_config_1 = require("../../config/app-config");
const worker_info_1 = require("../../domain/worker-info");
const queue_1 = require("../queue");
let WorkersService = class WorkersService {
    config;
    directory;
    constructor(store, config) {
        this.config = config;
        this.directory = store.workers;
    }
    /** Workers heard from within WORKER_DEAD_MS (by id), and the last ones declared dead (newest first). */
    async overview() {
        const [live, dead] = await Promise.all([this.directory.live(this.config.workerDeadMs, worker_info_1.LIVE_WORKERS_LISTED), this.directory.dead()]);
        return { live, dead };
    }
};
exports.WorkersService = WorkersService;
exports.WorkersService = WorkersService = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(queue_1.JobStore)),
    __metadata("design:paramtypes", [Object, app_config_1.AppConfig])
], WorkersService);
//# sourceMappingURL=workers.service.js.map