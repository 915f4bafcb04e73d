import { Logger } from '@nestjs/common';
import { withinTimeout } from '../../common/within-timeout';

/** A scrape waits this long for the store; past it the gauges read from it are left empty. */
export const SCRAPE_READ_TIMEOUT_MS = 2_000;

/**
 * One read of the store per scrape, by queue, shared by every gauge that shows part of it
 * (prom-client collects metrics concurrently, each calling get()), and bounded in time: a store
 * that does not answer leaves those gauges empty for this scrape (logged) rather than holding it.
 */
export class ScrapeRead<T> {
  private reading: Promise<Map<string, T>> | undefined;

  constructor(
    /** What is read, for the log line: `queue depth`. */
    private readonly what: string,
    private readonly read: () => Promise<Map<string, T>>,
    private readonly logger = new Logger('Metrics'),
  ) {}

  get(): Promise<Map<string, T>> {
    this.reading ??= this.bounded().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async bounded(): Promise<Map<string, T>> {
    try {
      return await withinTimeout(this.read(), SCRAPE_READ_TIMEOUT_MS);
    } catch (err) {
      this.logger.warn(`${this.what} unavailable for this scrape: ${(err as Error).message}`);
      return new Map();
    }
  }
}
