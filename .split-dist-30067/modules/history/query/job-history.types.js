"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=job-history.types.js.map