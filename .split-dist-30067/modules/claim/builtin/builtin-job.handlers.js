"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.BuiltinJobHandlers = void 0;
const job_handler_decorator_1 = require("../job-handler.decorator");
const non_retryable_job_error_1 = require("../non-retryable-job.error");
/** The longest `sleep` job; a bigger ms is refused rather than left to the job timeout. */
const MAX_SLEEP_MS = 24 * 3600 * 1000;
/**
 * Built-in types for benchmarks, smoke and fault tests, with no outside dependency:
 * - `noop`: succeeds at once with null (measures the queue itself);
 * - `sleep`: payload `{ ms }`, succeeds with `{ sleptMs }` after ms, ends early (rejecting with
 *   the signal's reason) when its signal aborts: a stand-in for a long, well-behaved job.
 */
class BuiltinJobHandlers {
    noop() {
        return null;
    }
    sleep(ctx) {
        const ms = ctx.payload?.ms;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_SLEEP_MS) {
            return Promise.reject(new non_retryable_job_error_1.NonRetryableJobError(`sleep job payload must be { ms } with 0 <= ms <= ${MAX_SLEEP_MS}`));
        }
        const { signal } = ctx;
        return new Promise((resolve, reject) => {
            if (signal.aborted)
                return reject(signal.reason);
            const onAbort = () => {
                clearTimeout(timer);
                reject(signal.reason);
            };
            const timer = setTimeout(() => {
                signal.removeEventListener('abort', onAbort);
                resolve({ sleptMs: ms });
            }, ms);
            signal.addEventListener('abort', onAbort, { once: true });
        });
    }
}
exports.BuiltinJobHandlers = BuiltinJobHandlers;
__decorate([
    (0, job_handler_decorator_1.JobHandler)('noop'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], BuiltinJobHandlers.prototype, "noop", null);
__decorate([
    (0, job_handler_decorator_1.JobHandler)('sleep'),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], BuiltinJobHandlers.prototype, "sleep", null);
//# sourceMappingURL=builtin-job.handlers.js.map