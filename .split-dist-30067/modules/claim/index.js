"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WORKER_OBSERVER = exports.WorkerIdentity = exports.JobAbortedError = exports.RetryableJobError = exports.NonRetryableJobError = exports.HandlerRegistry = exports.JobHandler = exports.ClaimModule = void 0;
/** What embedding code uses from the worker runtime. */
var claim_module_1 = require("./claim.module");
Object.defineProperty(exports, "ClaimModule", { enumerable: true, get: function () { return claim_module_1.ClaimModule; } });
var job_handler_decorator_1 = require("./job-handler.decorator");
Object.defineProperty(exports, "JobHandler", { enumerable: true, get: function () { return job_handler_decorator_1.JobHandler; } });
var handler_registry_1 = require("./handler-registry");
Object.defineProperty(exports, "HandlerRegistry", { enumerable: true, get: function () { return handler_registry_1.HandlerRegistry; } });
var non_retryable_job_error_1 = require("./non-retryable-job.error");
Object.defineProperty(exports, "NonRetryableJobError", { enumerable: true, get: function () { return non_retryable_job_error_1.NonRetryableJobError; } });
var retryable_job_error_1 = require("./retryable-job.error");
Object.defineProperty(exports, "RetryableJobError", { enumerable: true, get: function () { return retryable_job_error_1.RetryableJobError; } });
var job_aborted_error_1 = require("./job-aborted.error");
Object.defineProperty(exports, "JobAbortedError", { enumerable: true, get: function () { return job_aborted_error_1.JobAbortedError; } });
var worker_identity_1 = require("./worker-identity");
Object.defineProperty(exports, "WorkerIdentity", { enumerable: true, get: function () { return worker_identity_1.WorkerIdentity; } });
var worker_observer_1 = require("./worker-observer");
Object.defineProperty(exports, "WORKER_OBSERVER", { enumerable: true, get: function () { return worker_observer_1.WORKER_OBSERVER; } });
//# sourceMappingURL=index.js.map