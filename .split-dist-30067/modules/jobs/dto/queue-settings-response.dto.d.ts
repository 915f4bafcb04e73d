import { QueueSettings } from '../../../domain/fairness';
import { RateLimitDto } from './rate-limit.dto';
export declare class QueueSettingsResponseDto implements QueueSettings {
    queue: string;
    paused: boolean;
    groupConcurrency: number | null;
    rateLimit: RateLimitDto | null;
}
