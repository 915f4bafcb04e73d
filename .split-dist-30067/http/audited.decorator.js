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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.bodyObject = exports.param = exports.Audited = exports.AuditedRouteInterceptor = exports.AUDIT_RECORDER = exports.AUDITED_ROUTE = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const rxjs_1 = require("rxjs");
const clock_1 = require("../domain/clock");
const request_access_1 = require("./request-access");
exports.AUDITED_ROUTE = 'claimq:audited-route';
exports.AUDIT_RECORDER = Symbol('claimq.auditRecorder');
/**
 * Records what an @Audited handler changed, after it succeeded: the response waits for the record
 * (so a client that reads GET /audit next finds it), and an error of the handler records nothing.
 * Bound to the audited routes only (by @Audited), not app-wide: an app-wide interceptor puts an
 * rxjs pipeline on every request, the hot POST /jobs and GET /jobs/:id included, which record
 * nothing (about 4% of their CPU; BENCHMARKS.md, "The REST front door").
 */
let AuditedRouteInterceptor = class AuditedRouteInterceptor {
    reflector;
    recorder;
    clock;
    logger = new common_1.Logger('Audit');
    constructor(reflector, recorder, clock) {
        this.reflector = reflector;
        this.recorder = recorder;
        this.clock = clock;
    }
    intercept(context, next) {
        const route = context.getType() === 'http' ? this.reflector.get(exports.AUDITED_ROUTE, context.getHandler()) : undefined;
        if (route === undefined)
            return next.handle();
        const req = context.switchToHttp().getRequest();
        return next.handle().pipe((0, rxjs_1.concatMap)(async (result) => {
            const entry = this.entryOf(route, req);
            if (entry)
                await this.recorder.record(entry);
            return result;
        }));
    }
    entryOf(route, req) {
        try {
            const entry = { at: this.clock.now(), keyId: (0, request_access_1.requestAccess)(req).keyId, action: route.action, target: route.target(req) };
            const details = route.details?.(req);
            if (details !== undefined)
                entry.details = details;
            return entry;
        }
        catch (err) {
            this.logger.error(`audit: ${route.action} on ${req.method} ${req.path} was not recorded: ${err.message ?? String(err)}`);
            return undefined;
        }
    }
};
exports.AuditedRouteInterceptor = AuditedRouteInterceptor;
exports.AuditedRouteInterceptor = AuditedRouteInterceptor = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(exports.AUDIT_RECORDER)),
    __param(2, (0, common_1.Inject)(clock_1.CLOCK)),
    __metadata("design:paramtypes", [core_1.Reflector, Object, Object])
], AuditedRouteInterceptor);
/**
 * Records a change made through this route in the audit trail once the handler has succeeded
 * (a failed or refused request records nothing):
 *
 *   @Audited('job.cancel', (req) => `job:${req.params.id}`)
 *
 * The controller's module needs AUDIT_RECORDER and CLOCK, which AuditModule and QueueModule
 * provide globally wherever the API runs.
 */
const Audited = (action, target, details) => (0, common_1.applyDecorators)((0, common_1.SetMetadata)(exports.AUDITED_ROUTE, { action, target, details }), (0, common_1.UseInterceptors)(AuditedRouteInterceptor));
exports.Audited = Audited;
/** The request's path parameter `name` (express gives them as strings). */
const param = (req, name) => String(req.params[name]);
exports.param = param;
/** The request body, when it is a JSON object. */
const bodyObject = (req) => typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : undefined;
exports.bodyObject = bodyObject;
//# sourceMappingURL=audited.decorator.js.map