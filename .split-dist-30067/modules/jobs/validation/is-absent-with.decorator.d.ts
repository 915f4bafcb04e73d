import { ValidationOptions } from 'class-validator';
/** Two options that say the same thing differently (delayMs and runAt): at most one may be given. */
export declare function IsAbsentWith(other: string, options?: ValidationOptions): PropertyDecorator;
