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
var HistoryPartitionsScheduler_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryPartitionsScheduler = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const app_config_1 = require("../../../config/app-config");
const periodic_pass_1 = require("../../../scheduling/periodic-pass");
const history_database_1 = require("../history-database");
const history_partitions_1 = require("./history-partitions");
/** A pass every minute; the upkeep itself runs when due: every 10 minutes, every minute after a failure. */
const TICK_MS = 60_000;
const EVERY_MS = 10 * 60_000;
/**
 * Runs the history partition upkeep (HistoryPartitions) at start and then periodically, on every
 * instance (the upkeep's advisory lock lets one at a time do it). Partitions are created a week
 * (4 weeks for HISTORY_PARTITION=week) ahead, so a missed pass or an hour without PostgreSQL
 * leaves nothing uncovered.
 */
let HistoryPartitionsScheduler = class HistoryPartitionsScheduler extends periodic_pass_1.ScheduledPass {
    static { HistoryPartitionsScheduler_1 = this; }
    static INTERVAL_NAME = 'claimq-history-partitions';
    logger = new common_1.Logger('History');
    partitions;
    nextAt = 0;
    /** The last pass's report (health, tests). */
    last;
    constructor(database, registry, config) {
        const partitions = new history_partitions_1.HistoryPartitions(() => database.dataSource(), {
            period: config.historyPartition,
            retentionDays: config.historyRetentionDays,
            log: new common_1.Logger('History'),
        });
        super(registry, HistoryPartitionsScheduler_1.INTERVAL_NAME, TICK_MS, () => this.runIfDue());
        this.partitions = partitions;
    }
    onApplicationBootstrap() {
        super.onApplicationBootstrap();
        void this.tick();
    }
    async runIfDue() {
        if (Date.now() < this.nextAt)
            return;
        try {
            const report = await this.partitions.maintain();
            this.last = report;
            this.nextAt = Date.now() + (report.errors.length > 0 ? TICK_MS : EVERY_MS);
            const moved = report.moved.reduce((n, m) => n + m.rows, 0);
            if (report.created.length + report.dropped.length + moved + report.deleted + report.compacted.length > 0) {
                this.logger.log(`history partitions: created ${report.created.length}, dropped ${report.dropped.length} (${report.dropped.join(', ') || 'none'}), ` +
                    `moved ${moved} rows out of default partitions, deleted ${report.deleted} rows past retention, ` +
                    `compacted ${report.compacted.join(', ') || 'none'}`);
            }
        }
        catch (err) {
            // PostgreSQL away: try again at the next tick
            this.nextAt = Date.now() + TICK_MS;
            this.logger.warn(`history partition upkeep failed, retrying in ${TICK_MS / 1000} s: ${err.message}`);
        }
    }
};
exports.HistoryPartitionsScheduler = HistoryPartitionsScheduler;
exports.HistoryPartitionsScheduler = HistoryPartitionsScheduler = HistoryPartitionsScheduler_1 = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [history_database_1.HistoryDatabase, schedule_1.SchedulerRegistry, app_config_1.AppConfig])
], HistoryPartitionsScheduler);
//# sourceMappingURL=history-partitions.scheduler.js.map