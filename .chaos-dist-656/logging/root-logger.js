"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ROOT_LOGGER = void 0;
exports.createRootLogger = createRootLogger;
const pino_1 = __importDefault(require("pino"));
/** The injection token of the process's root pino logger (LoggingModule provides it). */
exports.ROOT_LOGGER = Symbol('ROOT_LOGGER');
/**
 * One JSON line per log record on stdout, at LOG_LEVEL. Credentials never reach a log line, even
 * if a request's headers are logged by mistake somewhere.
 */
function createRootLogger(config) {
    return (0, pino_1.default)({
        level: config.logLevel,
        base: { service: 'claimq', pid: process.pid },
        timestamp: pino_1.default.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    });
}
//# sourceMappingURL=root-logger.js.map