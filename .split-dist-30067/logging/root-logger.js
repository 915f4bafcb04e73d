"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ROOT_LOGGER = void 0;
exports.createRootLogger = createRootLogger;
exports.rootLoggerOf = rootLoggerOf;
const pino_1 = __importDefault(require("pino"));
const log_destination_1 = require("./log-destination");
/** The injection token of the process's root pino logger (LoggingModule provides it). */
exports.ROOT_LOGGER = Symbol('ROOT_LOGGER');
/**
 * One JSON line per log record on stdout, at LOG_LEVEL; a line stdout cannot take is dropped
 * (LogDestination), so a reader that went away never holds the process up. Credentials never reach a log line, even
 * if a request's headers are logged by mistake somewhere.
 */
function createRootLogger(config) {
    return (0, pino_1.default)({
        level: config.logLevel,
        base: { service: 'claimq', pid: process.pid },
        timestamp: pino_1.default.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
    }, new log_destination_1.LogDestination(1));
}
const rootLoggers = new WeakMap();
/** The one root logger of a configuration: nestjs-pino's and ROOT_LOGGER's are the same instance. */
function rootLoggerOf(config) {
    let logger = rootLoggers.get(config);
    if (!logger) {
        logger = createRootLogger(config);
        rootLoggers.set(config, logger);
    }
    return logger;
}
//# sourceMappingURL=root-logger.js.map