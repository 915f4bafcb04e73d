import type { Response } from 'express';

/**
 * Aborts when the client goes away before its answer is sent (a long poll or a wait it gave up
 * on). On the response, which closes once per request: a listener on the socket would pile up on
 * a kept-alive connection, one per request.
 */
export function clientGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}
