/**
 * /health/live (the process) and /health/ready (job store, Postgres when history is on, and the
 * history gaps this instance made, as a detail). StoreHealth comes from QueueModule and
 * HistoryDatabase from HistoryModule, both global; HistoryGapStats from RecoveryModule.
 */
export declare class HealthModule {
}
