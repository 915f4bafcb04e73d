import { QueueCounts } from '../../../domain/job';
export declare class QueueSummaryResponseDto {
    name: string;
    counts: QueueCounts;
    refresh: {
        backlog: number;
        inFlight: number;
    };
}
