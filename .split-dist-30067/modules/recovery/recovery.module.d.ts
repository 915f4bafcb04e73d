/**
 * The reaper, on every instance (API and worker alike). ReaperStats and HistoryGapStats are what
 * the metrics and health modules read.
 */
export declare class RecoveryModule {
}
