"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=partition-host.js.map