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
exports.TraceContextInterceptor = void 0;
const common_1 = require("@nestjs/common");
const job_tracer_1 = require("./job-tracer");
/**
 * On the routes that enqueue (POST /jobs, /jobs/bulk, /executions, /schedules/:name/trigger): the
 * handler runs in the trace context of the request's traceparent and tracestate headers, so the
 * `enqueue` span is in the client's trace, and the jobs with it. Tracing off: passes through.
 */
let TraceContextInterceptor = class TraceContextInterceptor {
    tracer;
    constructor(tracer) {
        this.tracer = tracer;
    }
    intercept(context, next) {
        if (!this.tracer.enabled)
            return next.handle();
        const { headers } = context.switchToHttp().getRequest();
        // Nest binds the handler's async scope when handle() is called: inside the request's context
        return this.tracer.withIncomingRequest(headers, () => next.handle());
    }
};
exports.TraceContextInterceptor = TraceContextInterceptor;
exports.TraceContextInterceptor = TraceContextInterceptor = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [job_tracer_1.JobTracer])
], TraceContextInterceptor);
//# sourceMappingURL=trace-context.interceptor.js.map