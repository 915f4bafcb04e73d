import { Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../../config/app-config';
import { ScheduledPass } from '../../../scheduling/periodic-pass';
import { HistoryDatabase } from '../history-database';
import { HistoryPartitions, PartitionsReport } from './history-partitions';

/** A pass every minute; the upkeep itself runs when due: every 10 minutes, every minute after a failure. */
const TICK_MS = 60_000;
const EVERY_MS = 10 * 60_000;

/**
 * Runs the history partition upkeep (HistoryPartitions) at start and then periodically, on every
 * instance (the upkeep's advisory lock lets one at a time do it). Partitions are created a week
 * (4 weeks for HISTORY_PARTITION=week) ahead, so a missed pass or an hour without PostgreSQL
 * leaves nothing uncovered.
 */
@Injectable()
export class HistoryPartitionsScheduler extends ScheduledPass {
  static readonly INTERVAL_NAME = 'claimq-history-partitions';
  private readonly logger = new Logger('History');
  readonly partitions: HistoryPartitions;
  private nextAt = 0;
  /** The last pass's report (health, tests). */
  last?: PartitionsReport;

  constructor(database: HistoryDatabase, registry: SchedulerRegistry, config: AppConfig) {
    const partitions = new HistoryPartitions(() => database.dataSource(), {
      period: config.historyPartition,
      retentionDays: config.historyRetentionDays,
      log: new Logger('History'),
    });
    super(registry, HistoryPartitionsScheduler.INTERVAL_NAME, TICK_MS, () => this.runIfDue());
    this.partitions = partitions;
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    void this.tick();
  }

  private async runIfDue(): Promise<void> {
    if (Date.now() < this.nextAt) return;
    try {
      const report = await this.partitions.maintain();
      this.last = report;
      this.nextAt = Date.now() + (report.errors.length > 0 ? TICK_MS : EVERY_MS);
      const moved = report.moved.reduce((n, m) => n + m.rows, 0);
      if (report.created.length + report.dropped.length + moved + report.deleted + report.compacted.length > 0) {
        this.logger.log(
          `history partitions: created ${report.created.length}, dropped ${report.dropped.length} (${report.dropped.join(', ') || 'none'}), ` +
            `moved ${moved} rows out of default partitions, deleted ${report.deleted} rows past retention, ` +
            `compacted ${report.compacted.join(', ') || 'none'}`,
        );
      }
    } catch (err) {
      // PostgreSQL away: try again at the next tick
      this.nextAt = Date.now() + TICK_MS;
      this.logger.warn(`history partition upkeep failed, retrying in ${TICK_MS / 1000} s: ${(err as Error).message}`);
    }
  }
}
