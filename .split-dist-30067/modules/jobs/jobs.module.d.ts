/**
 * The REST API over the JobStore (provided globally by QueueModule), reaching into job history
 * (HistoryModule, global when DATABASE_URL is set) for what the store no longer holds; and the
 * worker processes the store's directory knows (GET /workers).
 */
export declare class JobsModule {
}
