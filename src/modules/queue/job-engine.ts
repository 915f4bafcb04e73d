import { JobQueue } from './job-queue';
import { JobAdmin } from './job-admin';
import { UpkeepStore } from './upkeep-store';
import { ExecutionStore } from './execution-store';
import { Outbox } from './outbox';
import { ScheduleStore } from './schedule-store';
import { GroupStore } from './group-store';
import { WorkerDirectory } from './worker-directory';
import { AuditStore } from './audit-store';
import { QueueStatsStore } from './queue-stats-store';
import { StoreHealth } from './store-health';

/**
 * A job engine: where jobs live (memory, or Redis with its partitions), as a set of small ports,
 * one per capability. QueueModule provides each port under its own token (the port's abstract
 * class), and every part of claimq injects the ports it uses, never the engine. The engine itself
 * is the module's to build (job-engine.factory.ts) and to close.
 *
 * How a transition changes a job is decided once, in src/domain/job-lifecycle.ts; each engine
 * applies that decision (the memory engine in TypeScript, Redis in one Lua script per call).
 * test/contract/job-store.contract.ts holds every engine to the same behaviour, and
 * test/contract/store-parity.spec.ts runs random sequences on memory and Redis side by side.
 */
export abstract class JobEngine {
  /** Submit, claim, keep, settle and give back leases, wait for work (job-queue.ts). */
  abstract readonly jobs: JobQueue;
  /** Read, page, find, cancel, retry, promote and count jobs (job-admin.ts). */
  abstract readonly admin: JobAdmin;
  /** Reap, promote due jobs, trim (upkeep-store.ts). */
  abstract readonly upkeep: UpkeepStore;
  /** Executions and the refresh of their status (execution-store.ts). */
  abstract readonly executions: ExecutionStore;
  /** The events the history writer reads (outbox.ts). */
  abstract readonly outbox: Outbox;
  /** Recurring schedules, kept where the jobs are (schedule-store.ts). */
  abstract readonly schedules: ScheduleStore;
  /** Queue and group settings for fairness: pauses, caps, rates (group-store.ts). */
  abstract readonly groups: GroupStore;
  /** Worker processes: the per-queue registry the reaper reads, and what the dashboard shows (worker-directory.ts). */
  abstract readonly workers: WorkerDirectory;
  /** The audit trail, when job history does not hold it (audit-store.ts). */
  abstract readonly audit: AuditStore;
  /** Recent outcomes and latencies per queue, for the dashboard (queue-stats-store.ts). */
  abstract readonly stats: QueueStatsStore;
  /** Whether the engine can serve now, for readiness and the start check (store-health.ts). */
  abstract readonly health: StoreHealth;

  /** Releases connections and timers. */
  abstract close(): Promise<void>;
}
