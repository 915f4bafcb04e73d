import type { RequestHandler } from 'express';
export interface JsonBodyOptions {
    /** MAX_BODY_BYTES: a larger body is refused (413) before it is read, or as soon as it passes the limit. */
    limit: number;
    /** MAX_PAYLOAD_BYTES: a larger payload is refused (413 naming it) from the bytes, before parsing. */
    maxPayloadBytes: number;
}
/**
 * The JSON body parser (in place of express.json): reads the body up to MAX_BODY_BYTES into one
 * buffer, scans its bytes once (scanJson: nesting depth, each payload's size) and only then
 * parses it. So the size and depth limits cost one linear pass and no objects: a body of 30 MB
 * whose payload is over MAX_PAYLOAD_BYTES is refused without being parsed, and the process keeps
 * answering (its health probes too) meanwhile. UTF-8 only (RFC 8259); other bodies get 415 first
 * (jsonOnlyMiddleware).
 */
export declare function jsonBodyMiddleware(options: JsonBodyOptions): RequestHandler;
