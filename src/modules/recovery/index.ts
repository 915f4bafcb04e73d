/** The reaper: its module, and the statistics of its passes. */
export { RecoveryModule } from './recovery.module';
export { ReaperService } from './reaper.service';
export { ReaperStats } from './reaper-stats';
export type { ReaperTotals } from './reaper-stats';
