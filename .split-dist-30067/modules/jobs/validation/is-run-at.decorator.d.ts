import { ValidationOptions } from 'class-validator';
/** runAt as epoch milliseconds, or undefined when the value is not a valid runAt. */
export declare function parseRunAt(value: unknown): number | undefined;
export declare function IsRunAt(options?: ValidationOptions): PropertyDecorator;
