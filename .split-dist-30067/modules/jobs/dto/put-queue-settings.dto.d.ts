import { RateLimitDto } from './rate-limit.dto';
/** PUT /queues/:name/settings: a field left out stays as it is, null clears it. */
export declare class PutQueueSettingsDto {
    groupConcurrency?: number | null;
    rateLimit?: RateLimitDto | null;
}
