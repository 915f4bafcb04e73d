import { RateLimit } from '../../../domain/fairness';
/** A token bucket: `max` jobs may start at once from a full bucket, then one every perMs / max ms. */
export declare class RateLimitDto implements RateLimit {
    max: number;
    perMs: number;
}
