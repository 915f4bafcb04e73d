import { EventEmitter } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

interface Call {
  /** performance.now() when the request's headers arrived: the job started (same clock as the sends) */
  arrivedAt: number;
  calls: number;
  answered: boolean;
}

/**
 * The loopback HTTP server the bench's `http` jobs call: it notes when each path is first called
 * and how often, and answers after `answerAfterMs` (the job's 20 ms of work). Each job gets a path
 * of its own (`/<kind>/<key>`), so a start is timed per job and a job run twice shows as a
 * second call of its path.
 */
export class JobTarget {
  private readonly calls = new Map<string, Call>();
  private readonly changed = new EventEmitter();
  private readonly counts = new Map<string, { distinct: number; calls: number; answered: number }>();

  private constructor(
    private readonly server: Server,
    readonly base: string,
    private readonly answerAfterMs: number,
  ) {
    this.changed.setMaxListeners(0);
  }

  static async start(answerAfterMs: number): Promise<JobTarget> {
    let target: JobTarget | undefined;
    const server = createServer((req, res) => target!.onRequest(req.url ?? '/', res));
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = new JobTarget(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, answerAfterMs);
    return target;
  }

  url(kind: string, key: string | number): string {
    return `${this.base}/${kind}/${key}`;
  }

  /** Calls of a kind: paths called, calls in all (more than paths: some job ran twice), paths answered. */
  count(kind: string): { distinct: number; calls: number; answered: number } {
    return this.counts.get(kind) ?? { distinct: 0, calls: 0, answered: 0 };
  }

  /** When the job of this path started (its first call), if it has. */
  arrivedAt(kind: string, key: string | number): number | undefined {
    return this.calls.get(`/${kind}/${key}`)?.arrivedAt;
  }

  /** Resolves true once `done()` holds (checked at each call and answer), false after `timeoutMs`. */
  waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = (): void => {
        if (!done()) return;
        finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        this.changed.off('change', check);
        resolve(ok);
      };
      this.changed.on('change', check);
    });
  }

  /** Forgets every call (between phases: each phase's keys are its own anyway). */
  reset(): void {
    this.calls.clear();
    this.counts.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private onRequest(path: string, res: import('node:http').ServerResponse): void {
    const now = performance.now();
    const kind = path.split('/')[1] ?? '';
    const count = this.counts.get(kind) ?? { distinct: 0, calls: 0, answered: 0 };
    this.counts.set(kind, count);
    count.calls++;
    let call = this.calls.get(path);
    if (!call) {
      call = { arrivedAt: now, calls: 0, answered: false };
      this.calls.set(path, call);
      count.distinct++;
    }
    call.calls++;
    this.changed.emit('change');
    const first = call;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (!first.answered) {
        first.answered = true;
        count.answered++;
      }
      this.changed.emit('change');
    }, this.answerAfterMs);
  }
}
