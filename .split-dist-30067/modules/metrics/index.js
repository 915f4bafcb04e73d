"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SCRAPE_READ_TIMEOUT_MS = exports.ScrapeRead = exports.MetricsModule = void 0;
/** Prometheus metrics: the module and the registry other modules add their metrics to. */
var metrics_module_1 = require("./metrics.module");
Object.defineProperty(exports, "MetricsModule", { enumerable: true, get: function () { return metrics_module_1.MetricsModule; } });
__exportStar(require("./claimq-metrics"), exports);
var scrape_read_1 = require("./scrape-read");
Object.defineProperty(exports, "ScrapeRead", { enumerable: true, get: function () { return scrape_read_1.ScrapeRead; } });
Object.defineProperty(exports, "SCRAPE_READ_TIMEOUT_MS", { enumerable: true, get: function () { return scrape_read_1.SCRAPE_READ_TIMEOUT_MS; } });
//# sourceMappingURL=index.js.map