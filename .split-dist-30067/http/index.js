"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.requestAccess = exports.param = exports.bodyObject = exports.AuditedRouteInterceptor = exports.AUDITED_ROUTE = exports.AUDIT_RECORDER = exports.Audited = void 0;
/**
 * What feature modules use of the HTTP edge by name: the audit decorator and the request's access.
 * (The edge's other parts are wired by configureApp.)
 */
var audited_decorator_1 = require("./audited.decorator");
Object.defineProperty(exports, "Audited", { enumerable: true, get: function () { return audited_decorator_1.Audited; } });
Object.defineProperty(exports, "AUDIT_RECORDER", { enumerable: true, get: function () { return audited_decorator_1.AUDIT_RECORDER; } });
Object.defineProperty(exports, "AUDITED_ROUTE", { enumerable: true, get: function () { return audited_decorator_1.AUDITED_ROUTE; } });
Object.defineProperty(exports, "AuditedRouteInterceptor", { enumerable: true, get: function () { return audited_decorator_1.AuditedRouteInterceptor; } });
Object.defineProperty(exports, "bodyObject", { enumerable: true, get: function () { return audited_decorator_1.bodyObject; } });
Object.defineProperty(exports, "param", { enumerable: true, get: function () { return audited_decorator_1.param; } });
var request_access_1 = require("./request-access");
Object.defineProperty(exports, "requestAccess", { enumerable: true, get: function () { return request_access_1.requestAccess; } });
//# sourceMappingURL=index.js.map