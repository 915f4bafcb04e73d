/**
 * pino's destination: lines written synchronously to a file descriptor (stdout), as pino's
 * default does, but gathered per event-loop turn: the lines one turn logs (a request line per
 * request answered in it, under load dozens) go out in ONE write at the turn's end (setImmediate)
 * or once FLUSH_AT_BYTES have gathered. A write per line was a system call per request, 7% of the
 * API's CPU at 4,000 requests/s (BENCHMARKS.md, "The REST front door"). Nothing is held longer
 * than the turn: the process's exit writes what is left (process.exit included), so only a
 * SIGKILL can lose lines, those of the turn it interrupts.
 *
 * A write that cannot be done is dropped, never retried for ever. When the reader has gone
 * (EPIPE: the supervisor that started the process exited right after its SIGTERM; EBADF), every
 * later line is dropped at once, so shutdown goes on and the process exits. A pipe that is only
 * full (EAGAIN) gets FULL_PIPE_WAIT_MS per write before its lines are dropped.
 */
export declare class LogDestination {
    private readonly fd;
    private closed;
    private pending;
    private pendingBytes;
    private scheduled;
    /** Lines dropped (for tests and diagnostics). */
    dropped: number;
    constructor(fd?: number);
    write(line: string): void;
    /** Writes every gathered line now (pino calls it on a final flush; the process's exit does). */
    flushSync(): void;
    private writeAll;
}
