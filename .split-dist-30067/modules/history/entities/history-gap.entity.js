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
exports.HistoryGapEntity = void 0;
const typeorm_1 = require("typeorm");
/**
 * Events dropped before the history writer read them (HISTORY_BACKLOG_MAX_MB exceeded): history
 * lacks exactly `events` events of `queue` that happened between fromAt and toAt.
 */
let HistoryGapEntity = class HistoryGapEntity {
    /** The gap record's name in its source (Redis: `<stream key> <entry id>`; memory: `memory-<process>:<n>`). */
    id;
    queue;
    /** Time of the first event dropped. */
    fromAt;
    /** Time of the last event dropped. */
    toAt;
    /** How many events were dropped (pg returns bigint as text). */
    events;
    /** When the writer stored the gap. */
    recordedAt;
};
exports.HistoryGapEntity = HistoryGapEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'text', primaryKeyConstraintName: 'PK_history_gaps' }),
    __metadata("design:type", String)
], HistoryGapEntity.prototype, "id", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], HistoryGapEntity.prototype, "queue", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'from_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], HistoryGapEntity.prototype, "fromAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'to_at', type: 'timestamptz' }),
    __metadata("design:type", Date)
], HistoryGapEntity.prototype, "toAt", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'bigint' }),
    __metadata("design:type", String)
], HistoryGapEntity.prototype, "events", void 0);
__decorate([
    (0, typeorm_1.Column)({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' }),
    __metadata("design:type", Date)
], HistoryGapEntity.prototype, "recordedAt", void 0);
exports.HistoryGapEntity = HistoryGapEntity = __decorate([
    (0, typeorm_1.Entity)({ name: 'history_gaps' }),
    (0, typeorm_1.Index)('history_gaps_queue_from_idx', ['queue', 'fromAt'])
], HistoryGapEntity);
//# sourceMappingURL=history-gap.entity.js.map