"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.IsHttpUrl = exports.QueueCountsDto = exports.PageQueryDto = exports.JobResponseDto = exports.JobPageResponseDto = exports.parseRunAt = exports.IsRunAt = exports.AcceptedQueues = exports.BackoffDto = exports.jobPayload = exports.CreateJobDto = exports.toJobSpec = exports.FairnessService = exports.JobsService = exports.JobsModule = void 0;
/** The jobs API: its module, and the pieces the executions API shares with it. */
var jobs_module_1 = require("./jobs.module");
Object.defineProperty(exports, "JobsModule", { enumerable: true, get: function () { return jobs_module_1.JobsModule; } });
var jobs_service_1 = require("./jobs.service");
Object.defineProperty(exports, "JobsService", { enumerable: true, get: function () { return jobs_service_1.JobsService; } });
var fairness_service_1 = require("./fairness.service");
Object.defineProperty(exports, "FairnessService", { enumerable: true, get: function () { return fairness_service_1.FairnessService; } });
__exportStar(require("./job-limits"), exports);
var job_spec_mapper_1 = require("./job-spec.mapper");
Object.defineProperty(exports, "toJobSpec", { enumerable: true, get: function () { return job_spec_mapper_1.toJobSpec; } });
__exportStar(require("./job.presenter"), exports);
var create_job_dto_1 = require("./dto/create-job.dto");
Object.defineProperty(exports, "CreateJobDto", { enumerable: true, get: function () { return create_job_dto_1.CreateJobDto; } });
Object.defineProperty(exports, "jobPayload", { enumerable: true, get: function () { return create_job_dto_1.jobPayload; } });
var backoff_dto_1 = require("./dto/backoff.dto");
Object.defineProperty(exports, "BackoffDto", { enumerable: true, get: function () { return backoff_dto_1.BackoffDto; } });
var accepted_queues_1 = require("./accepted-queues");
Object.defineProperty(exports, "AcceptedQueues", { enumerable: true, get: function () { return accepted_queues_1.AcceptedQueues; } });
var is_run_at_decorator_1 = require("./validation/is-run-at.decorator");
Object.defineProperty(exports, "IsRunAt", { enumerable: true, get: function () { return is_run_at_decorator_1.IsRunAt; } });
Object.defineProperty(exports, "parseRunAt", { enumerable: true, get: function () { return is_run_at_decorator_1.parseRunAt; } });
var job_page_response_dto_1 = require("./dto/job-page-response.dto");
Object.defineProperty(exports, "JobPageResponseDto", { enumerable: true, get: function () { return job_page_response_dto_1.JobPageResponseDto; } });
var job_response_dto_1 = require("./dto/job-response.dto");
Object.defineProperty(exports, "JobResponseDto", { enumerable: true, get: function () { return job_response_dto_1.JobResponseDto; } });
var page_query_dto_1 = require("./dto/page-query.dto");
Object.defineProperty(exports, "PageQueryDto", { enumerable: true, get: function () { return page_query_dto_1.PageQueryDto; } });
var queue_counts_dto_1 = require("./dto/queue-counts.dto");
Object.defineProperty(exports, "QueueCountsDto", { enumerable: true, get: function () { return queue_counts_dto_1.QueueCountsDto; } });
var is_http_url_decorator_1 = require("./validation/is-http-url.decorator");
Object.defineProperty(exports, "IsHttpUrl", { enumerable: true, get: function () { return is_http_url_decorator_1.IsHttpUrl; } });
//# sourceMappingURL=index.js.map