"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryGapStats = void 0;
const common_1 = require("@nestjs/common");
/**
 * Events this instance's reaper dropped from a history backlog past HISTORY_BACKLOG_MAX_MB (each
 * also in a gap record the history writer stores), per queue since start, and the last drop: what
 * the metrics and readiness read. Plain counters, so reading them costs nothing.
 */
let HistoryGapStats = class HistoryGapStats {
    byQueue = new Map();
    lastDrop;
    record(dropped, at) {
        this.byQueue.set(dropped.queue, (this.byQueue.get(dropped.queue) ?? 0) + dropped.events);
        this.lastDrop = { queue: dropped.queue, events: dropped.events, gap: { ...dropped.gap }, at };
    }
    /** Events dropped per queue since start. */
    get droppedByQueue() {
        return this.byQueue;
    }
    get totalDropped() {
        let total = 0;
        for (const n of this.byQueue.values())
            total += n;
        return total;
    }
    get last() {
        return this.lastDrop;
    }
};
exports.HistoryGapStats = HistoryGapStats;
exports.HistoryGapStats = HistoryGapStats = __decorate([
    (0, common_1.Injectable)()
], HistoryGapStats);
//# sourceMappingURL=history-gap-stats.js.map