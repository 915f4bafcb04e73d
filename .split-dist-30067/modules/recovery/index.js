"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryGapStats = exports.ReaperStats = exports.ReaperService = exports.RecoveryModule = void 0;
/** The reaper: its module, the statistics of its passes, and the history gaps it made. */
var recovery_module_1 = require("./recovery.module");
Object.defineProperty(exports, "RecoveryModule", { enumerable: true, get: function () { return recovery_module_1.RecoveryModule; } });
var reaper_service_1 = require("./reaper.service");
Object.defineProperty(exports, "ReaperService", { enumerable: true, get: function () { return reaper_service_1.ReaperService; } });
var reaper_stats_1 = require("./reaper-stats");
Object.defineProperty(exports, "ReaperStats", { enumerable: true, get: function () { return reaper_stats_1.ReaperStats; } });
var history_gap_stats_1 = require("./history-gap-stats");
Object.defineProperty(exports, "HistoryGapStats", { enumerable: true, get: function () { return history_gap_stats_1.HistoryGapStats; } });
//# sourceMappingURL=index.js.map