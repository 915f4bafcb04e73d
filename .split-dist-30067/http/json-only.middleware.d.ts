import type { RequestHandler } from 'express';
/** The media types a request body may have: JSON only. */
export declare const JSON_MEDIA_TYPES: string[];
/**
 * Answers 415 to any request that carries a body of another type, before a body parser runs.
 * A form (`application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`) is what a
 * browser sends cross-site without a CORS preflight; refusing every non-JSON body means no web
 * page a user visits can make this service enqueue a job. Requests without a body (GET, a bare
 * POST /jobs/:id/cancel, `Content-Length: 0`) pass.
 */
export declare function jsonOnlyMiddleware(): RequestHandler;
/** The OpenAPI side of jsonOnlyMiddleware, for each route that takes a body. */
export declare const ApiJsonBodyOnly: () => MethodDecorator;
