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
exports.DomainExceptionFilter = void 0;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const errors_1 = require("../domain/errors");
const domain_error_response_1 = require("./domain-error.response");
const error_response_1 = require("./error-response");
function isExposedHttpError(err) {
    const e = err;
    return typeof e === 'object' && e !== null && e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}
/**
 * Every error of every HTTP request ends here, as one JSON shape `{statusCode, error, message,
 * code?, errors?}`: domain errors by their mapping, Nest's HttpExceptions (validation, 404 route)
 * as they are, body-parser errors (413 too large) by their status, and anything else as a logged
 * 500 that tells the client nothing about the internals.
 */
let DomainExceptionFilter = class DomainExceptionFilter {
    adapterHost;
    logger = new common_1.Logger('HttpErrors');
    constructor(adapterHost) {
        this.adapterHost = adapterHost;
    }
    catch(exception, host) {
        const { httpAdapter } = this.adapterHost;
        const response = host.switchToHttp().getResponse();
        const mapped = this.toResponse(exception);
        if (httpAdapter.isHeadersSent(response))
            return;
        for (const [name, value] of Object.entries(mapped.headers ?? {}))
            httpAdapter.setHeader(response, name, value);
        httpAdapter.reply(response, mapped.body, mapped.status);
    }
    toResponse(exception) {
        if (exception instanceof errors_1.ClaimqError) {
            if (exception instanceof errors_1.StoreUnavailableError)
                this.logger.warn(exception.message);
            const mapped = (0, domain_error_response_1.domainErrorResponse)(exception);
            if (mapped.status >= 500 && !(exception instanceof errors_1.StoreUnavailableError))
                this.logUnexpected(exception);
            return mapped;
        }
        if (exception instanceof common_1.HttpException)
            return httpExceptionResponse(exception);
        if (isExposedHttpError(exception))
            return bodyParserResponse(exception);
        this.logUnexpected(exception);
        return (0, error_response_1.errorResponse)(500, 'internal error');
    }
    logUnexpected(exception) {
        const err = exception instanceof Error ? exception : new Error(String(exception));
        this.logger.error(`unexpected ${err.name}: ${err.message}`, err.stack);
    }
};
exports.DomainExceptionFilter = DomainExceptionFilter;
exports.DomainExceptionFilter = DomainExceptionFilter = __decorate([
    (0, common_1.Catch)(),
    __metadata("design:paramtypes", [core_1.HttpAdapterHost])
], DomainExceptionFilter);
function httpExceptionResponse(exception) {
    const status = exception.getStatus();
    const raw = exception.getResponse();
    if (typeof raw === 'string')
        return (0, error_response_1.errorResponse)(status, raw);
    // Not Nest's error shape (e.g. Terminus's {status, info, error, details}): the body is the answer.
    if (!('message' in raw))
        return { status, body: raw };
    const body = raw;
    const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? exception.message);
    return (0, error_response_1.errorResponse)(status, message, { errors: body.errors });
}
function bodyParserResponse(err) {
    if (err.type === 'entity.too.large') {
        const reason = `is larger than the limit of ${err.limit} bytes`;
        return (0, error_response_1.errorResponse)(413, `request body ${reason}`, { errors: [{ field: 'body', reason }] });
    }
    return (0, error_response_1.errorResponse)(err.status, err.message);
}
//# sourceMappingURL=domain-exception.filter.js.map