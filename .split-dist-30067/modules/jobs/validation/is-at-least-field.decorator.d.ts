import { ValidationOptions } from 'class-validator';
/** A cap that must not be below the value it caps (backoff.maxDelayMs >= backoff.delayMs). */
export declare function IsAtLeastField(other: string, options?: ValidationOptions): PropertyDecorator;
