"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isTransientStoreError = exports.errorText = void 0;
/** The store error rules live with the store (the reaper needs them too). */
var store_errors_1 = require("../queue/store-errors");
Object.defineProperty(exports, "errorText", { enumerable: true, get: function () { return store_errors_1.errorText; } });
Object.defineProperty(exports, "isTransientStoreError", { enumerable: true, get: function () { return store_errors_1.isTransientStoreError; } });
//# sourceMappingURL=store-errors.js.map