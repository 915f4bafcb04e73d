import type { Logger } from 'pino';
import { HttpLogger } from 'pino-http';
/**
 * One line per finished request: method, url, status and duration (durationMs). No headers and no
 * bodies: job payloads may hold personal data, and Authorization holds API keys.
 */
export declare function httpRequestLogger(logger: Logger): HttpLogger;
