import { RateLimitDto } from './rate-limit.dto';
/** PUT /queues/:name/groups/:group: a field left out stays as it is, null clears it. */
export declare class PutGroupDto {
    concurrency?: number | null;
    rateLimit?: RateLimitDto | null;
    paused?: boolean;
}
