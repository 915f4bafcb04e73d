"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScrapeRead = exports.SCRAPE_READ_TIMEOUT_MS = void 0;
const common_1 = require("@nestjs/common");
const within_timeout_1 = require("../../common/within-timeout");
/** A scrape waits this long for the store; past it the gauges read from it are left empty. */
exports.SCRAPE_READ_TIMEOUT_MS = 2_000;
/**
 * One read of the store per scrape, by queue, shared by every gauge that shows part of it
 * (prom-client collects metrics concurrently, each calling get()), and bounded in time: a store
 * that does not answer leaves those gauges empty for this scrape (logged) rather than holding it.
 */
class ScrapeRead {
    what;
    read;
    logger;
    reading;
    constructor(
    /** What is read, for the log line: `queue depth`. */
    what, read, logger = new common_1.Logger('Metrics')) {
        this.what = what;
        this.read = read;
        this.logger = logger;
    }
    get() {
        this.reading ??= this.bounded().finally(() => (this.reading = undefined));
        return this.reading;
    }
    async bounded() {
        try {
            return await (0, within_timeout_1.withinTimeout)(this.read(), exports.SCRAPE_READ_TIMEOUT_MS);
        }
        catch (err) {
            this.logger.warn(`${this.what} unavailable for this scrape: ${err.message}`);
            return new Map();
        }
    }
}
exports.ScrapeRead = ScrapeRead;
//# sourceMappingURL=scrape-read.js.map