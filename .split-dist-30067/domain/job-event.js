"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=job-event.js.map