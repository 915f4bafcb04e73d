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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryDatabaseHealthIndicator = void 0;
const common_1 = require("@nestjs/common");
const terminus_1 = require("@nestjs/terminus");
const history_1 = require("../history");
const health_check_timeout_1 = require("./health-check-timeout");
const within_timeout_1 = require("../../common/within-timeout");
const KEY = 'postgres';
/** `SELECT 1` on the history database; only part of readiness when history is on (DATABASE_URL). */
let HistoryDatabaseHealthIndicator = class HistoryDatabaseHealthIndicator {
    indicators;
    database;
    constructor(indicators, database) {
        this.indicators = indicators;
        this.database = database;
    }
    get enabled() {
        return this.database !== undefined;
    }
    async check() {
        const indicator = this.indicators.check(KEY);
        const database = this.database;
        if (!database)
            return indicator.up({ message: 'history is off' });
        try {
            await (0, within_timeout_1.withinTimeout)(database.dataSource().then((ds) => ds.query('SELECT 1')), health_check_timeout_1.HEALTH_CHECK_TIMEOUT_MS);
            return indicator.up();
        }
        catch (err) {
            return indicator.down({ message: err instanceof Error ? err.message : String(err) });
        }
    }
};
exports.HistoryDatabaseHealthIndicator = HistoryDatabaseHealthIndicator;
exports.HistoryDatabaseHealthIndicator = HistoryDatabaseHealthIndicator = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Optional)()),
    __metadata("design:paramtypes", [terminus_1.HealthIndicatorService,
        history_1.HistoryDatabase])
], HistoryDatabaseHealthIndicator);
//# sourceMappingURL=history-database.health.js.map