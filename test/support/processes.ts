import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..');

/** Builds dist/ when it is missing or older than src/ (the same check `npm start` makes). */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-needed.js')], { cwd: ROOT, stdio: 'inherit' });
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A claimq process (`node dist/main.js`) started by a test, with its output kept for diagnostics. */
export class ClaimqProcess {
  private output = '';
  readonly exited: Promise<ProcessExit>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /**
   * Starts `node dist/main.js` with env on top of a minimal environment, on a free port. `entry`
   * runs a private copy of the build instead (long runs that a concurrent build must not break).
   */
  static async start(env: Record<string, string>, entry = join(ROOT, 'dist', 'main.js')): Promise<ClaimqProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [entry], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ClaimqProcess(child, port);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get log(): string {
    return this.output;
  }

  /**
   * Resolves when the output matches (e.g. the worker's start line); rejects if the process exits
   * first. The default allows 45 s: a readiness wait, not a measure. In CI two test files run at
   * once, and beside the 1,000,000-row history migration four processes took over 20 s to print
   * their first line.
   */
  async waitForOutput(pattern: RegExp, timeoutMs = 45_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`process exited before ${pattern}:\n${this.output}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ProcessExit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** The reader goes away: the process's stdout and stderr pipes are closed on this side. */
  closeOutput(): void {
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
  }

  /** For cleanup after a failed test: SIGKILL if still running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}
