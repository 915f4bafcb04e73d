import { ClientRequest, get, IncomingMessage } from 'node:http';
import { ClaimqProcess, ensureBuilt } from '../support/processes';

/** STREAMS_MAX at its default, which is also its most. */
const STREAMS_MAX = 10_000;
/** Streams opened at once (below the listen backlog, so no connection waits on it). */
const BATCH = 500;

interface Opened {
  req: ClientRequest;
  res: IncomingMessage;
  body: string;
}

/**
 * STREAMS_MAX on an API process of its own (memory store): it holds 10,000 event streams open at
 * once (queue streams and a job stream), answers the 10,001st with 503 `at_capacity` and
 * Retry-After: 1 before anything is streamed, and takes a new one as soon as one has closed.
 */
describe(`event streams at STREAMS_MAX (${STREAMS_MAX.toLocaleString('en')}) on one API process`, () => {
  let api: ClaimqProcess | undefined;
  const open: Opened[] = [];

  beforeAll(async () => {
    ensureBuilt();
    api = await ClaimqProcess.start({ JOB_STORE: 'memory', MODE: 'api' });
    await api.waitForOutput(/listening on/);
  }, 120_000);

  afterAll(async () => {
    for (const o of open) o.req.destroy();
    await api?.kill();
  });

  /** Opens a stream: resolves once its status line came (the body, for a refusal, read whole). */
  function stream(path: string): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port: api!.port, path, agent: false }, (res) => {
        const opened: Opened = { req, res, body: '' };
        res.setEncoding('utf8');
        if (res.statusCode === 200) {
          // the first chunk (`retry:`) says the stream is open; later ones are not kept
          res.once('data', () => resolve(opened));
          res.on('data', () => undefined);
        } else {
          res.on('data', (chunk: string) => (opened.body += chunk));
          res.on('end', () => resolve(opened));
        }
      });
      req.on('error', reject);
    });
  }

  it('holds STREAMS_MAX streams, refuses one more with 503 at_capacity and Retry-After: 1, and takes one again once one closed', async () => {
    const created = await fetch(`http://127.0.0.1:${api!.port}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'noop' }),
    });
    const job = (await created.json()) as { id: string };
    open.push(await stream(`/jobs/${job.id}/events`));
    while (open.length < STREAMS_MAX) {
      const n = Math.min(BATCH, STREAMS_MAX - open.length);
      open.push(...(await Promise.all(Array.from({ length: n }, () => stream('/queues/default/events')))));
    }
    expect(open.filter((o) => o.res.statusCode !== 200).map((o) => o.res.statusCode)).toEqual([]);

    for (const path of ['/queues/default/events', `/jobs/${job.id}/events`]) {
      const refused = await stream(path);
      expect(refused.res.statusCode).toBe(503);
      expect(refused.res.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 503, code: 'at_capacity' });
    }

    // one closes: its place is taken by the next stream asked for
    const closed = open.pop()!;
    closed.req.destroy();
    await vi.waitFor(async () => {
      const next = await stream('/queues/default/events');
      if (next.res.statusCode === 200) open.push(next);
      expect(next.res.statusCode).toBe(200);
    }, { timeout: 30_000, interval: 100 });
    const full = await stream('/queues/default/events');
    expect(full.res.statusCode).toBe(503);
  }, 240_000);
});
