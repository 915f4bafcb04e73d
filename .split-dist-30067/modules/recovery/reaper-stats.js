"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReaperStats = void 0;
const common_1 = require("@nestjs/common");
const queue_reap_report_1 = require("./queue-reap-report");
/** What the reaper has done in this process. Plain counters; no metrics library here. */
let ReaperStats = class ReaperStats {
    sums = { passes: 0, failedSteps: 0, ...(0, queue_reap_report_1.zeroCounters)() };
    last;
    record(pass) {
        this.last = pass;
        this.sums.passes++;
        for (const report of pass.reports) {
            this.sums.failedSteps += report.errors.length;
            for (const key of queue_reap_report_1.REAP_COUNTERS)
                this.sums[key] += report[key];
        }
    }
    get totals() {
        return { ...this.sums };
    }
    get lastPass() {
        return this.last;
    }
};
exports.ReaperStats = ReaperStats;
exports.ReaperStats = ReaperStats = __decorate([
    (0, common_1.Injectable)()
], ReaperStats);
//# sourceMappingURL=reaper-stats.js.map