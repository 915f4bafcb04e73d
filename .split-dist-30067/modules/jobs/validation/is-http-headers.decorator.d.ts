import { ValidationOptions } from 'class-validator';
/** Request headers an `http` job can send: token names, string values without CR, LF or NUL. The message never quotes a value. */
export declare function IsHttpHeaders(options?: ValidationOptions): PropertyDecorator;
