"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=error-body.js.map