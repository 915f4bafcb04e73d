import { BackoffStrategy } from '../../../domain/job';
export declare class BackoffDto {
    strategy: BackoffStrategy;
    delayMs: number;
    maxDelayMs?: number;
}
