"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobsModule = void 0;
const common_1 = require("@nestjs/common");
const bulk_jobs_controller_1 = require("./bulk-jobs.controller");
const fairness_controller_1 = require("./fairness.controller");
const fairness_service_1 = require("./fairness.service");
const job_history_service_1 = require("./job-history.service");
const jobs_controller_1 = require("./jobs.controller");
const jobs_service_1 = require("./jobs.service");
const queues_controller_1 = require("./queues.controller");
const queues_service_1 = require("./queues.service");
const workers_controller_1 = require("./workers.controller");
const workers_service_1 = require("./workers.service");
/**
 * The REST API over the JobStore (provided globally by QueueModule), reaching into job history
 * (HistoryModule, global when DATABASE_URL is set) for what the store no longer holds; and the
 * worker processes the store's directory knows (GET /workers).
 */
let JobsModule = class JobsModule {
};
exports.JobsModule = JobsModule;
exports.JobsModule = JobsModule = __decorate([
    (0, common_1.Module)({
        controllers: [jobs_controller_1.JobsController, queues_controller_1.QueuesController, fairness_controller_1.FairnessController, workers_controller_1.WorkersController, bulk_jobs_controller_1.BulkJobsController],
        providers: [jobs_service_1.JobsService, job_history_service_1.JobHistoryService, queues_service_1.QueuesService, fairness_service_1.FairnessService, workers_service_1.WorkersService],
        exports: [jobs_service_1.JobsService, fairness_service_1.FairnessService],
    })
], JobsModule);
//# sourceMappingURL=jobs.module.js.map