"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.JOBS_CLOCK = void 0;
/** The clock JobsService stamps enqueues with (systemClock; tests override it with a ManualClock). */
exports.JOBS_CLOCK = Symbol('JOBS_CLOCK');
//# sourceMappingURL=jobs-clock.token.js.map