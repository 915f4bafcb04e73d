import { QueueStatsResponseDto } from './dto/queue-stats-response.dto';
import { QueueSummaryResponseDto } from './dto/queue-summary-response.dto';
import { QueuesService } from './queues.service';
export declare class QueuesController {
    private readonly queues;
    constructor(queues: QueuesService);
    list(): Promise<QueueSummaryResponseDto[]>;
    stats(queue: string): Promise<QueueStatsResponseDto>;
}
