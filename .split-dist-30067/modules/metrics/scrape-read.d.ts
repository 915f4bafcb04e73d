import { Logger } from '@nestjs/common';
/** A scrape waits this long for the store; past it the gauges read from it are left empty. */
export declare const SCRAPE_READ_TIMEOUT_MS = 2000;
/**
 * One read of the store per scrape, by queue, shared by every gauge that shows part of it
 * (prom-client collects metrics concurrently, each calling get()), and bounded in time: a store
 * that does not answer leaves those gauges empty for this scrape (logged) rather than holding it.
 */
export declare class ScrapeRead<T> {
    /** What is read, for the log line: `queue depth`. */
    private readonly what;
    private readonly read;
    private readonly logger;
    private reading;
    constructor(
    /** What is read, for the log line: `queue depth`. */
    what: string, read: () => Promise<Map<string, T>>, logger?: Logger);
    get(): Promise<Map<string, T>>;
    private bounded;
}
