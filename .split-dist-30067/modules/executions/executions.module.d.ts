import { DynamicModule } from '@nestjs/common';
/**
 * Executions: the refresh on every instance, the API where the API runs. `history` is the
 * application's HistoryModule (the same module object, so its DataSource is shared): with
 * DATABASE_URL set it provides HistoryDatabase and the refresh writes the `executions` table;
 * without it the status lives in the store only.
 */
export declare class ExecutionsModule {
    /** `api`: this instance serves the REST API (the executions endpoints come with it). */
    static forRoot(api: boolean, history: DynamicModule): DynamicModule;
}
