"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=history-rows.js.map