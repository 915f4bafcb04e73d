"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HealthModule = void 0;
/** Liveness and readiness (Terminus). */
var health_module_1 = require("./health.module");
Object.defineProperty(exports, "HealthModule", { enumerable: true, get: function () { return health_module_1.HealthModule; } });
//# sourceMappingURL=index.js.map