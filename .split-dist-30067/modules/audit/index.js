"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AuditModule = void 0;
/** The audit trail and GET /whoami (the @Audited decorator itself is in src/http, for every module). */
var audit_module_1 = require("./audit.module");
Object.defineProperty(exports, "AuditModule", { enumerable: true, get: function () { return audit_module_1.AuditModule; } });
//# sourceMappingURL=index.js.map