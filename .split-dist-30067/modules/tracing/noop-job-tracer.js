"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NOOP_JOB_TRACER = exports.NoopJobTracer = void 0;
const job_tracer_1 = require("./job-tracer");
const NOOP_ENQUEUE = { activate: (fn) => fn(), end: () => undefined };
const NOOP_RUN = { activate: (fn) => fn(), end: () => undefined, carrier: () => ({}) };
const NOOP_HTTP_CALL = { end: () => undefined };
/** Tracing off (no OTEL_* variable asks for it, or OTEL_SDK_DISABLED=true): nothing is recorded, stored or sent. */
class NoopJobTracer extends job_tracer_1.JobTracer {
    enabled = false;
    startEnqueue(_jobs) {
        return NOOP_ENQUEUE;
    }
    recordClaim(_queue, _workerId, _startedAt, _jobs) {
        return undefined;
    }
    startRun(_job) {
        return NOOP_RUN;
    }
    startHttpCall() {
        return NOOP_HTTP_CALL;
    }
    withIncomingRequest(_headers, fn) {
        return fn();
    }
}
exports.NoopJobTracer = NoopJobTracer;
/** The tracer of code built without TracingModule (tests, tools): off. */
exports.NOOP_JOB_TRACER = new NoopJobTracer();
//# sourceMappingURL=noop-job-tracer.js.map