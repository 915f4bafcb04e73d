"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduleFirer = exports.SchedulerService = exports.SchedulesService = exports.SchedulesModule = void 0;
/** Recurring schedules: the scheduler every instance runs, and the /schedules API. */
var schedules_module_1 = require("./schedules.module");
Object.defineProperty(exports, "SchedulesModule", { enumerable: true, get: function () { return schedules_module_1.SchedulesModule; } });
var schedules_service_1 = require("./schedules.service");
Object.defineProperty(exports, "SchedulesService", { enumerable: true, get: function () { return schedules_service_1.SchedulesService; } });
var scheduler_service_1 = require("./scheduler.service");
Object.defineProperty(exports, "SchedulerService", { enumerable: true, get: function () { return scheduler_service_1.SchedulerService; } });
var schedule_firer_1 = require("./schedule-firer");
Object.defineProperty(exports, "ScheduleFirer", { enumerable: true, get: function () { return schedule_firer_1.ScheduleFirer; } });
//# sourceMappingURL=index.js.map