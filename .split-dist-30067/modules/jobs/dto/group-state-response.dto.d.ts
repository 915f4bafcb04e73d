import { GroupLimit } from '../../../domain/fairness';
import { RateLimitDto } from './rate-limit.dto';
/** A group of a queue now: its jobs, its settings, the cap in force and what holds it back. */
export declare class GroupStateResponseDto {
    name: string;
    pending: number;
    running: number;
    paused: boolean;
    concurrency: number | null;
    effectiveConcurrency: number | null;
    rateLimit: RateLimitDto | null;
    limitedBy: GroupLimit | null;
    limitedUntil?: string;
}
export declare class GroupPageResponseDto {
    items: GroupStateResponseDto[];
    nextCursor: string | null;
}
