import pino, { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { LogDestination } from './log-destination';

/** The injection token of the process's root pino logger (LoggingModule provides it). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * One JSON line per log record on stdout, at LOG_LEVEL; a line stdout cannot take is dropped
 * (LogDestination), so a reader that went away never holds the process up. Credentials never reach a log line, even
 * if a request's headers are logged by mistake somewhere.
 */
export function createRootLogger(config: AppConfig): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'claimq', pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'], censor: '[redacted]' },
  }, new LogDestination(1));
}

const rootLoggers = new WeakMap<AppConfig, Logger>();

/** The one root logger of a configuration: nestjs-pino's and ROOT_LOGGER's are the same instance. */
export function rootLoggerOf(config: AppConfig): Logger {
  let logger = rootLoggers.get(config);
  if (!logger) {
    logger = createRootLogger(config);
    rootLoggers.set(config, logger);
  }
  return logger;
}
