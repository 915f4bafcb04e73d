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
exports.StoreUnavailableError = exports.StoreOutOfMemoryError = exports.PayloadTooLargeError = exports.JobNotFoundError = exports.InvalidTransitionError = exports.InvalidJobSpecError = exports.ExecutionNotFoundError = exports.ClaimqError = exports.endAttempt = exports.TRANSITIONS = exports.FairnessService = exports.SchedulesService = exports.RedisJobStore = exports.MemoryJobStore = exports.JobStore = exports.AppConfig = exports.configureApp = exports.claimqConfig = exports.ClaimqModule = void 0;
/**
 * claimq as a library: what a NestJS app imports from 'claimq'. The service's own entry point is
 * main.ts, built from the same ClaimqModule. An app that embeds claimq imports
 * ClaimqModule.forRoot({...}) (or forRootAsync) next to its own @JobHandler providers and calls
 * configureApp(app) before listening; see examples/embedded-app.
 */
var claimq_module_1 = require("./claimq.module");
Object.defineProperty(exports, "ClaimqModule", { enumerable: true, get: function () { return claimq_module_1.ClaimqModule; } });
var claimq_options_1 = require("./claimq-options");
Object.defineProperty(exports, "claimqConfig", { enumerable: true, get: function () { return claimq_options_1.claimqConfig; } });
var configure_app_1 = require("./configure-app");
Object.defineProperty(exports, "configureApp", { enumerable: true, get: function () { return configure_app_1.configureApp; } });
var app_config_1 = require("./config/app-config");
Object.defineProperty(exports, "AppConfig", { enumerable: true, get: function () { return app_config_1.AppConfig; } });
var queue_1 = require("./modules/queue");
Object.defineProperty(exports, "JobStore", { enumerable: true, get: function () { return queue_1.JobStore; } });
Object.defineProperty(exports, "MemoryJobStore", { enumerable: true, get: function () { return queue_1.MemoryJobStore; } });
Object.defineProperty(exports, "RedisJobStore", { enumerable: true, get: function () { return queue_1.RedisJobStore; } });
__exportStar(require("./modules/claim"), exports);
var schedules_1 = require("./modules/schedules");
Object.defineProperty(exports, "SchedulesService", { enumerable: true, get: function () { return schedules_1.SchedulesService; } });
var jobs_1 = require("./modules/jobs");
Object.defineProperty(exports, "FairnessService", { enumerable: true, get: function () { return jobs_1.FairnessService; } });
var job_lifecycle_1 = require("./domain/job-lifecycle");
Object.defineProperty(exports, "TRANSITIONS", { enumerable: true, get: function () { return job_lifecycle_1.TRANSITIONS; } });
Object.defineProperty(exports, "endAttempt", { enumerable: true, get: function () { return job_lifecycle_1.endAttempt; } });
var errors_1 = require("./domain/errors");
Object.defineProperty(exports, "ClaimqError", { enumerable: true, get: function () { return errors_1.ClaimqError; } });
Object.defineProperty(exports, "ExecutionNotFoundError", { enumerable: true, get: function () { return errors_1.ExecutionNotFoundError; } });
Object.defineProperty(exports, "InvalidJobSpecError", { enumerable: true, get: function () { return errors_1.InvalidJobSpecError; } });
Object.defineProperty(exports, "InvalidTransitionError", { enumerable: true, get: function () { return errors_1.InvalidTransitionError; } });
Object.defineProperty(exports, "JobNotFoundError", { enumerable: true, get: function () { return errors_1.JobNotFoundError; } });
Object.defineProperty(exports, "PayloadTooLargeError", { enumerable: true, get: function () { return errors_1.PayloadTooLargeError; } });
Object.defineProperty(exports, "StoreOutOfMemoryError", { enumerable: true, get: function () { return errors_1.StoreOutOfMemoryError; } });
Object.defineProperty(exports, "StoreUnavailableError", { enumerable: true, get: function () { return errors_1.StoreUnavailableError; } });
//# sourceMappingURL=index.js.map