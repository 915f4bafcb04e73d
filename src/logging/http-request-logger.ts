import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger, LevelWithSilent } from 'pino';
import { pinoHttp, HttpLogger } from 'pino-http';

/** Probe and scrape paths: logged at debug, so a 10 s readiness probe does not flood info logs. */
const QUIET_PATHS = /^\/(health\/|metrics(\/|\?|$))/;

function levelOf(req: IncomingMessage, res: ServerResponse, err?: Error): LevelWithSilent {
  if (err || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400) return 'warn';
  return QUIET_PATHS.test(req.url ?? '') ? 'debug' : 'info';
}

/**
 * One line per finished request: method, url, status and duration (durationMs). No headers and no
 * bodies: job payloads may hold personal data, and Authorization holds API keys.
 */
export function httpRequestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    customLogLevel: levelOf,
    customAttributeKeys: { responseTime: 'durationMs' },
    customSuccessMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${req.url} ${res.statusCode}`,
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
