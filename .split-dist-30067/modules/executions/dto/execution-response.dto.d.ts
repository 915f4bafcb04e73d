import { ExecutionStatus } from '../../../domain/execution';
import { ExecutionJson } from '../../../domain/execution-json';
import { QueueCounts } from '../../../domain/job';
export declare class CreatedExecutionResponseDto {
    id: string;
    total: number;
}
export declare class ExecutionResponseDto implements ExecutionJson {
    id: string;
    queue: string;
    status: ExecutionStatus;
    counts: QueueCounts;
    total: number;
    createdAt: string;
    updatedAt: string;
    finishedAt?: string;
}
export declare class ExecutionPageResponseDto {
    items: ExecutionResponseDto[];
    nextCursor: string | null;
}
