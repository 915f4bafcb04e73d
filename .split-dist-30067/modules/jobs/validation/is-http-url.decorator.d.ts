import { ValidationOptions } from 'class-validator';
/** An absolute http: or https: URL with a host, as WHATWG URL parses it. */
export declare function isHttpUrl(value: unknown): boolean;
export declare function IsHttpUrl(options?: ValidationOptions): PropertyDecorator;
