import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../../config/app-config';
import { ScheduledPass } from '../../../scheduling/periodic-pass';
import { HistoryDatabase } from '../history-database';
import { HistoryPartitions, PartitionsReport } from './history-partitions';
/**
 * Runs the history partition upkeep (HistoryPartitions) at start and then periodically, on every
 * instance (the upkeep's advisory lock lets one at a time do it). Partitions are created a week
 * (4 weeks for HISTORY_PARTITION=week) ahead, so a missed pass or an hour without PostgreSQL
 * leaves nothing uncovered.
 */
export declare class HistoryPartitionsScheduler extends ScheduledPass {
    static readonly INTERVAL_NAME = "claimq-history-partitions";
    private readonly logger;
    readonly partitions: HistoryPartitions;
    private nextAt;
    /** The last pass's report (health, tests). */
    last?: PartitionsReport;
    constructor(database: HistoryDatabase, registry: SchedulerRegistry, config: AppConfig);
    onApplicationBootstrap(): void;
    private runIfDue;
}
