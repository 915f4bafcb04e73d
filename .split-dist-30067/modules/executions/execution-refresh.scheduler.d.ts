import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ScheduledPass } from '../../scheduling/periodic-pass';
import { ExecutionRefreshService } from './execution-refresh.service';
/** Thin schedule: every REFRESH_INTERVAL_MS one pass, never two at once in this process. */
export declare class ExecutionRefreshScheduler extends ScheduledPass {
    static readonly INTERVAL_NAME = "claimq-execution-refresh";
    constructor(refresh: ExecutionRefreshService, registry: SchedulerRegistry, config: AppConfig);
}
