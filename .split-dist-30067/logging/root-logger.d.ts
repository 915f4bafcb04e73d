import { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
/** The injection token of the process's root pino logger (LoggingModule provides it). */
export declare const ROOT_LOGGER: unique symbol;
/**
 * One JSON line per log record on stdout, at LOG_LEVEL; a line stdout cannot take is dropped
 * (LogDestination), so a reader that went away never holds the process up. Credentials never reach a log line, even
 * if a request's headers are logged by mistake somewhere.
 */
export declare function createRootLogger(config: AppConfig): Logger;
/** The one root logger of a configuration: nestjs-pino's and ROOT_LOGGER's are the same instance. */
export declare function rootLoggerOf(config: AppConfig): Logger;
