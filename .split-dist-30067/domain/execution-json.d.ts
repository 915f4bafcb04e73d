import { QueueCounts } from './job';
import { Execution, ExecutionStatus } from './execution';
/** An execution as JSON, the shape `GET /executions/:id` returns and the callback POSTs. */
export interface ExecutionJson {
    id: string;
    queue: string;
    status: ExecutionStatus;
    counts: QueueCounts;
    total: number;
    createdAt: string;
    updatedAt: string;
    finishedAt?: string;
}
export declare function toExecutionJson(execution: Execution): ExecutionJson;
