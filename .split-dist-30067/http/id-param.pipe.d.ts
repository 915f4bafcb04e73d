import { PipeTransform } from '@nestjs/common';
/**
 * `:id` of a job: an id claimq cannot have made (`<queue>-<20 base32>`) is a 404 at once, whatever
 * its bytes, so a NUL or a lone surrogate never reaches the store or PostgreSQL (which refuses
 * them with an error, not an empty result).
 */
export declare class JobIdPipe implements PipeTransform<string, string> {
    transform(id: string): string;
}
/** `:id` of an execution, as JobIdPipe. */
export declare class ExecutionIdPipe implements PipeTransform<string, string> {
    transform(id: string): string;
}
