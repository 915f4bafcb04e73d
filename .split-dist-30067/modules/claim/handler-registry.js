"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HandlerRegistry = void 0;
const job_1 = require("../../domain/job");
/**
 * Job type -> handler, for this process. Filled by @JobHandler discovery at start and by
 * embedding code (`registry.register('type', fn)`) at any time. One handler per type: a second
 * registration is a wiring mistake and stops the start.
 */
class HandlerRegistry {
    handlers = new Map();
    register(type, handler) {
        if (!job_1.NAME_PATTERN.test(type))
            throw new Error(`job type "${type}" must match [A-Za-z0-9_.:-]{1,100}`);
        if (this.handlers.has(type))
            throw new Error(`a handler for job type "${type}" is already registered`);
        this.handlers.set(type, handler);
    }
    get(type) {
        return this.handlers.get(type);
    }
    types() {
        return [...this.handlers.keys()].sort();
    }
}
exports.HandlerRegistry = HandlerRegistry;
//# sourceMappingURL=handler-registry.js.map