"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LogDestination = void 0;
const node_fs_1 = require("node:fs");
/** How long one write may wait for a full pipe before its lines are dropped. */
const FULL_PIPE_WAIT_MS = 100;
/** Lines gathered past this many bytes are written at once rather than at the end of the turn. */
const FLUSH_AT_BYTES = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));
/** Every destination, so one 'exit' listener writes what each still holds (tests make many). */
const live = new Set();
let exitHooked = false;
function flushAllOnExit(destination) {
    live.add(new WeakRef(destination));
    if (exitHooked)
        return;
    exitHooked = true;
    process.once('exit', () => {
        for (const ref of live)
            ref.deref()?.flushSync();
    });
}
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
class LogDestination {
    fd;
    closed = false;
    pending = [];
    pendingBytes = 0;
    scheduled = false;
    /** Lines dropped (for tests and diagnostics). */
    dropped = 0;
    constructor(fd = 1) {
        this.fd = fd;
        flushAllOnExit(this);
    }
    write(line) {
        if (this.closed) {
            this.dropped++;
            return;
        }
        this.pending.push(line);
        this.pendingBytes += line.length;
        if (this.pendingBytes >= FLUSH_AT_BYTES) {
            this.flushSync();
        }
        else if (!this.scheduled) {
            this.scheduled = true;
            setImmediate(() => this.flushSync());
        }
    }
    /** Writes every gathered line now (pino calls it on a final flush; the process's exit does). */
    flushSync() {
        this.scheduled = false;
        if (this.pending.length === 0)
            return;
        const lines = this.pending;
        this.pending = [];
        this.pendingBytes = 0;
        if (this.closed) {
            this.dropped += lines.length;
            return;
        }
        if (!this.writeAll(Buffer.from(lines.length === 1 ? lines[0] : lines.join(''))))
            this.dropped += lines.length;
    }
    writeAll(bytes) {
        let rest = bytes;
        const giveUpAt = Date.now() + FULL_PIPE_WAIT_MS;
        while (rest.length > 0) {
            try {
                rest = rest.subarray((0, node_fs_1.writeSync)(this.fd, rest));
            }
            catch (err) {
                if (err.code === 'EAGAIN' && Date.now() < giveUpAt) {
                    Atomics.wait(pause, 0, 0, 1);
                    continue;
                }
                if (err.code !== 'EAGAIN')
                    this.closed = true;
                return false;
            }
        }
        return true;
    }
}
exports.LogDestination = LogDestination;
//# sourceMappingURL=log-destination.js.map