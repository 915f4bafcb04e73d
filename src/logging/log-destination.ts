import { writeSync } from 'node:fs';

/** How long one log line may wait for a full pipe before it is dropped. */
const FULL_PIPE_WAIT_MS = 100;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * pino's destination: each line written synchronously to a file descriptor (stdout), as pino's
 * default does, but a line that cannot be written is dropped, never retried for ever. When the
 * reader has gone (EPIPE: the supervisor that started the process exited right after its
 * SIGTERM; EBADF), every later line is dropped at once, so shutdown goes on and the process exits.
 * A pipe that is only full (EAGAIN) gets FULL_PIPE_WAIT_MS per line before the line is dropped.
 */
export class LogDestination {
  private closed = false;
  /** Lines dropped (for tests and diagnostics). */
  dropped = 0;

  constructor(private readonly fd = 1) {}

  write(line: string): void {
    if (this.closed) {
      this.dropped++;
      return;
    }
    let rest = Buffer.from(line);
    const giveUpAt = Date.now() + FULL_PIPE_WAIT_MS;
    while (rest.length > 0) {
      try {
        rest = rest.subarray(writeSync(this.fd, rest));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN' && Date.now() < giveUpAt) {
          Atomics.wait(pause, 0, 0, 1);
          continue;
        }
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') this.closed = true;
        this.dropped++;
        return;
      }
    }
  }
}
