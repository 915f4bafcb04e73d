import { describeAuditCases } from './audit.cases';
import { describeBatchLimitCases } from './batch-limits.cases';
import { describeCancelRetryCases } from './cancel-retry.cases';
import { describeClaimCases } from './claim.cases';
import { describeConcurrencyCases } from './concurrency.cases';
import { describeEnqueueAndReadCases } from './enqueue-read.cases';
import { describeEventBacklogCases } from './event-backlog.cases';
import { describeExecutionCases } from './execution.cases';
import { describeFanOutCases, describeGraphCases } from './graph.cases';
import { describeExecutionIdempotencyCases } from './execution-idempotency.cases';
import { describeExecutionRetentionCases } from './execution-retention.cases';
import { describeExecutionListingCases } from './execution-listing.cases';
import { describePromoteCases } from './promote.cases';
import { describeReportCases } from './report.cases';
import { describeBulkActionCases } from './bulk-action.cases';
import { useHarness } from './contract-fixtures';
import { describeFairnessCases } from './fairness.cases';
import { describeHardTimeLimitCases } from './hard-time-limit.cases';
import { describeLeaseCases } from './lease.cases';
import { describeLostClaimCases } from './lost-claim.cases';
import { describeMaintenanceCases } from './maintenance.cases';
import { describeMalformedDataCases } from './malformed-data.cases';
import { describeJobScheduleCases } from './job-schedule.cases';
import { describeScheduleCases } from './schedule.cases';
import { describeSettleCases } from './settle.cases';
import { describeQueueStatsCases } from './queue-stats.cases';
import { MakeStoreHarness } from './store-harness';
import { describeSucceededRetentionCases } from './succeeded-retention.cases';
import { describeWaitForWorkCases } from './wait-for-work.cases';
import { describeWorkerRegistryCases } from './worker-registry.cases';

/**
 * The JobEngine contract, executable: every store runs these cases unchanged through its harness.
 * Cases use only the JobEngine API and the harness (clock, corruption, peers), never a store's
 * internals, so a case that passes on one store and fails on another is a store bug.
 */
export function describeJobStore(name: string, makeHarness: MakeStoreHarness): void {
  describe(`JobEngine contract: ${name}`, () => {
    const current = useHarness(makeHarness);
    describeEnqueueAndReadCases(current);
    describeJobScheduleCases(current);
    describeClaimCases(current);
    describeSettleCases(current);
    describeLeaseCases(current);
    describeReportCases(current);
    describeLostClaimCases(current);
    describeHardTimeLimitCases(current);
    describeWorkerRegistryCases(current);
    describeCancelRetryCases(current);
    describePromoteCases(current);
    describeBulkActionCases(current);
    describeMaintenanceCases(current);
    describeWaitForWorkCases(current);
    describeConcurrencyCases(current);
    describeMalformedDataCases(current);
    describeExecutionCases(current);
    describeGraphCases(current);
    describeFanOutCases(current);
    describeExecutionRetentionCases(current);
    describeExecutionListingCases(current);
    describeExecutionIdempotencyCases(current);
    describeSucceededRetentionCases(current);
    describeBatchLimitCases(current);
    describeScheduleCases(current);
    describeFairnessCases(current);
    describeAuditCases(current);
    describeQueueStatsCases(current);
    describeEventBacklogCases(current);
  });
}
