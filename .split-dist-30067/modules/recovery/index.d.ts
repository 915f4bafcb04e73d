/** The reaper: its module, the statistics of its passes, and the history gaps it made. */
export { RecoveryModule } from './recovery.module';
export { ReaperService } from './reaper.service';
export { ReaperStats } from './reaper-stats';
export type { ReaperTotals } from './reaper-stats';
export { HistoryGapStats } from './history-gap-stats';
export type { LastHistoryGap } from './history-gap-stats';
