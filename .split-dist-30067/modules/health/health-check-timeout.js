"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HEALTH_CHECK_TIMEOUT_MS = void 0;
/** How long one readiness check may take: a dependency slower than this counts as down. */
exports.HEALTH_CHECK_TIMEOUT_MS = 1_000;
//# sourceMappingURL=health-check-timeout.js.map