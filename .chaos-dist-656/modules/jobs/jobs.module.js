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
const clock_1 = require("../../domain/clock");
const job_history_service_1 = require("./job-history.service");
const jobs_clock_token_1 = require("./jobs-clock.token");
const jobs_controller_1 = require("./jobs.controller");
const jobs_service_1 = require("./jobs.service");
const queues_controller_1 = require("./queues.controller");
const queues_service_1 = require("./queues.service");
/**
 * The REST API over the JobStore (provided globally by QueueModule), reaching into job history
 * (HistoryModule, global when DATABASE_URL is set) for what the store no longer holds.
 */
let JobsModule = class JobsModule {
};
exports.JobsModule = JobsModule;
exports.JobsModule = JobsModule = __decorate([
    (0, common_1.Module)({
        controllers: [jobs_controller_1.JobsController, queues_controller_1.QueuesController],
        providers: [jobs_service_1.JobsService, job_history_service_1.JobHistoryService, queues_service_1.QueuesService, { provide: jobs_clock_token_1.JOBS_CLOCK, useValue: clock_1.systemClock }],
        exports: [jobs_service_1.JobsService],
    })
], JobsModule);
//# sourceMappingURL=jobs.module.js.map