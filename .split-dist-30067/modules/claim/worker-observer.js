"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WORKER_OBSERVER = void 0;
/** Optional provider token: ClaimModule passes the observer bound here, if any, to the runtime. */
exports.WORKER_OBSERVER = Symbol('WORKER_OBSERVER');
//# sourceMappingURL=worker-observer.js.map