import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PayloadTooLargeError } from '../domain/errors';
import { MAX_BODY_DEPTH, markDepthChecked, tooDeepError } from './body-depth';
import { JSON_MEDIA_TYPES } from './json-only.middleware';
import { scanJson } from './json-scan';
import { opaqueJsonNames } from './opaque-json.decorator';
import { ValidationFailedException } from './validation-failed.exception';

export interface JsonBodyOptions {
  /** MAX_BODY_BYTES: a larger body is refused (413) before it is read, or as soon as it passes the limit. */
  limit: number;
  /** MAX_PAYLOAD_BYTES: a larger payload is refused (413 naming it) from the bytes, before parsing. */
  maxPayloadBytes: number;
}

/** body-parser's error shape for a body over the limit, which the exception filter answers 413. */
function tooLarge(limit: number): Error {
  return Object.assign(new Error(`request entity too large`), { status: 413, statusCode: 413, expose: true, type: 'entity.too.large', limit });
}

/**
 * The JSON body parser (in place of express.json): reads the body up to MAX_BODY_BYTES into one
 * buffer, scans its bytes once (scanJson: nesting depth, each payload's size) and only then
 * parses it. So the size and depth limits cost one linear pass and no objects: a body of 30 MB
 * whose payload is over MAX_PAYLOAD_BYTES is refused without being parsed, and the process keeps
 * answering (its health probes too) meanwhile. UTF-8 only (RFC 8259); other bodies get 415 first
 * (jsonOnlyMiddleware).
 */
export function jsonBodyMiddleware(options: JsonBodyOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req as { _body?: boolean })._body || !req.is(JSON_MEDIA_TYPES)) return next();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.limit) return next(tooLarge(options.limit));
    // one buffer, grown by doubling as chunks come (never to more than was received twice over,
    // whatever length a client declares), so the body is not held twice at the end
    let buf = Buffer.alloc(0);
    let received = 0;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.removeAllListeners('data');
      req.resume();
      next(err);
    };
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      if (received + chunk.length > options.limit) return fail(tooLarge(options.limit));
      if (received + chunk.length > buf.length) {
        const wanted = Math.max(2 * buf.length, received + chunk.length, 64 * 1024);
        // the declared length, once the body has come halfway to it
        const size = Number.isFinite(declared) && declared >= received + chunk.length && declared <= wanted ? declared : wanted;
        const grown = Buffer.allocUnsafe(Math.min(options.limit, size));
        buf.copy(grown, 0, 0, received);
        buf = grown;
      }
      chunk.copy(buf, received);
      received += chunk.length;
    });
    req.on('error', fail);
    req.on('end', () => {
      if (failed) return;
      const body = buf.subarray(0, received);
      buf = Buffer.alloc(0);
      try {
        (req as { body?: unknown }).body = parseScanned(body, options);
        (req as { _body?: boolean })._body = true;
      } catch (err) {
        return fail(err);
      }
      next();
    });
  };
}

function parseScanned(buf: Buffer, options: JsonBodyOptions): unknown {
  if (buf.length === 0) return {}; // as body-parser answers an empty JSON body
  const problem = scanJson(buf, { maxDepth: MAX_BODY_DEPTH, maxOpaqueBytes: options.maxPayloadBytes, opaqueNames: opaqueJsonNames() });
  if (problem?.kind === 'opaque-too-large') {
    throw new PayloadTooLargeError(problem.path.join('.'), problem.size, options.maxPayloadBytes);
  }
  if (problem?.kind === 'too-deep') throw new ValidationFailedException([tooDeepError(problem.path)]);
  let body: unknown;
  try {
    body = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    throw Object.assign(new SyntaxError(`request body is not valid JSON: ${(err as Error).message}`), { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });
  }
  markDepthChecked(body);
  return body;
}
