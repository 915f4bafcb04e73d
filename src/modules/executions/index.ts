/** Executions: groups of jobs with exact counters, their refresh and their API. */
export { ExecutionsModule } from './executions.module';
export { ExecutionRefreshService } from './execution-refresh.service';
export { ExecutionsService } from './executions.service';
