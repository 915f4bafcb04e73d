import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { ReaperService } from './reaper.service';
/**
 * Thin schedule: every REAPER_INTERVAL_MS, one pass, never two at once in this process
 * (other instances may run theirs concurrently; the store's scripts make that safe).
 */
export declare class ReaperScheduler extends ScheduledPass {
    static readonly INTERVAL_NAME = "claimq-reaper";
    constructor(reaper: ReaperService, registry: SchedulerRegistry, config: AppConfig);
}
