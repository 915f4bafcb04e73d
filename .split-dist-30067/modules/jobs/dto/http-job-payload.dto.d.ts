import { HttpJobMethod } from '../../../domain/http-job';
/**
 * The payload of the built-in `http` job type, checked at enqueue so a typo fails the request
 * rather than every attempt. Stored as sent: the handler applies the method default (POST).
 */
export declare class HttpJobPayloadDto {
    url: string;
    method?: HttpJobMethod;
    headers?: Record<string, string>;
    body?: unknown;
}
