"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.workerLogger = workerLogger;
const common_1 = require("@nestjs/common");
function workerLogger(context) {
    return new common_1.Logger(context);
}
//# sourceMappingURL=worker-logger.js.map