"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ExecutionRefreshService = exports.ExecutionsModule = void 0;
/** Executions: groups of jobs with exact counters, their refresh and their API. */
var executions_module_1 = require("./executions.module");
Object.defineProperty(exports, "ExecutionsModule", { enumerable: true, get: function () { return executions_module_1.ExecutionsModule; } });
var execution_refresh_service_1 = require("./execution-refresh.service");
Object.defineProperty(exports, "ExecutionRefreshService", { enumerable: true, get: function () { return execution_refresh_service_1.ExecutionRefreshService; } });
//# sourceMappingURL=index.js.map