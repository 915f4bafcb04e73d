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
const node_http_1 = require("node:http");
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
            const storeTrouble = exception instanceof errors_1.StoreUnavailableError || exception instanceof errors_1.StoreOutOfMemoryError;
            if (storeTrouble)
                this.logger.warn(exception.message);
            const mapped = (0, domain_error_response_1.domainErrorResponse)(exception);
            if (mapped.status >= 500 && !storeTrouble)
                this.logUnexpected(exception);
            return mapped;
        }
        // The router could not percent-decode a path parameter (Nest wraps its URIError in a 400):
        // every parameter is an id, and no id claimq makes is malformed UTF-8, so nothing is there.
        if (exception instanceof URIError || (exception instanceof common_1.HttpException && exception.cause instanceof URIError)) {
            return (0, error_response_1.errorResponse)(404, 'not found: the path is not valid percent-encoded UTF-8', { code: 'not_found' });
        }
        const parserError = bodyParserError(exception);
        if (parserError)
            return bodyParserResponse(parserError);
        if (exception instanceof common_1.HttpException)
            return httpExceptionResponse(exception);
        this.logUnexpected(exception);
        return (0, error_response_1.errorResponse)(500, 'internal error', { code: 'internal_error' });
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
        return (0, error_response_1.errorResponse)(status, raw, { code: codeOfStatus(status) });
    // Not Nest's error shape (e.g. Terminus's {status, info, error, details}): the body is the answer.
    if (!('message' in raw))
        return { status, body: raw };
    const body = raw;
    const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? exception.message);
    return (0, error_response_1.errorResponse)(status, message, { code: body.code ?? codeOfStatus(status), errors: body.errors });
}
/** The code of an HttpException that names none: its status's reason phrase in snake case (`not_found`). */
function codeOfStatus(status) {
    return (node_http_1.STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}
/** body-parser's error as thrown, or as the cause of the HttpException Express 5 (Nest 11+) wraps it in. */
function bodyParserError(exception) {
    if (isExposedHttpError(exception))
        return exception;
    if (exception instanceof common_1.HttpException && isExposedHttpError(exception.cause))
        return exception.cause;
    return undefined;
}
function bodyParserResponse(err) {
    if (err.type === 'entity.too.large') {
        const reason = `is larger than the limit of ${err.limit} bytes`;
        return (0, error_response_1.errorResponse)(413, `request body ${reason}`, { code: 'payload_too_large', errors: [{ field: 'body', reason }] });
    }
    return (0, error_response_1.errorResponse)(err.status, err.message, { code: err.type === 'entity.parse.failed' ? 'invalid_json' : codeOfStatus(err.status) });
}
//# sourceMappingURL=domain-exception.filter.js.map