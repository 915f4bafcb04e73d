"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryGapsHealthIndicator = void 0;
const common_1 = require("@nestjs/common");
const terminus_1 = require("@nestjs/terminus");
const recovery_1 = require("../recovery");
const KEY = 'historyGaps';
/**
 * What this instance dropped from history backlogs (HISTORY_BACKLOG_MAX_MB): a detail of
 * readiness, never a reason to be unready (the jobs are fine; their history has a gap, recorded
 * in history_gaps). Reads counters in memory: no I/O.
 */
let HistoryGapsHealthIndicator = class HistoryGapsHealthIndicator {
    indicators;
    stats;
    constructor(indicators, stats) {
        this.indicators = indicators;
        this.stats = stats;
    }
    check() {
        const indicator = this.indicators.check(KEY);
        const last = this.stats.last;
        if (!last)
            return indicator.up({ droppedEvents: 0 });
        return indicator.up({
            droppedEvents: this.stats.totalDropped,
            byQueue: Object.fromEntries(this.stats.droppedByQueue),
            last: {
                queue: last.queue,
                events: last.events,
                gap: { from: new Date(last.gap.fromMs).toISOString(), to: new Date(last.gap.toMs).toISOString(), events: last.gap.events },
                at: new Date(last.at).toISOString(),
            },
        });
    }
};
exports.HistoryGapsHealthIndicator = HistoryGapsHealthIndicator;
exports.HistoryGapsHealthIndicator = HistoryGapsHealthIndicator = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [terminus_1.HealthIndicatorService,
        recovery_1.HistoryGapStats])
], HistoryGapsHealthIndicator);
//# sourceMappingURL=history-gaps.health.js.map