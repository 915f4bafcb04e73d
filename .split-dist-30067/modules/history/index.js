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
exports.HistoryQueryService = exports.HistoryDatabase = exports.HistoryModule = void 0;
/** Job history in PostgreSQL: the module, its reads, and the writer's batch statements. */
var history_module_1 = require("./history.module");
Object.defineProperty(exports, "HistoryModule", { enumerable: true, get: function () { return history_module_1.HistoryModule; } });
var history_database_1 = require("./history-database");
Object.defineProperty(exports, "HistoryDatabase", { enumerable: true, get: function () { return history_database_1.HistoryDatabase; } });
var history_query_service_1 = require("./query/history-query.service");
Object.defineProperty(exports, "HistoryQueryService", { enumerable: true, get: function () { return history_query_service_1.HistoryQueryService; } });
__exportStar(require("./writer/history-batch-writer"), exports);
//# sourceMappingURL=index.js.map