import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from './wait-for';

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(__dirname, 'execution-refresher.process.ts');

export interface RefresherReport {
  refresherId: string;
  refreshed: number;
  statements: number;
  claimed?: number;
  ids?: string[];
}

/** A refresher OS process (test/support/execution-refresher.process.ts); its last JSON line is the report. */
export class RefresherProcess {
  private out = '';
  private err = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['-r', '@swc-node/register', SCRIPT], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.out += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.err += c.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  private readonly child: ChildProcess;

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves once a START_ON_GO=1 process is connected and waits for go(). */
  async ready(timeoutMs = 60_000): Promise<void> {
    await this.until('the refresher to get ready', () => this.err.includes('ready\n'), timeoutMs);
  }

  go(): void {
    this.child.stdin?.end('go\n');
  }

  /** The first report line (a `hang` refresher prints one after its claim). */
  async firstReport(timeoutMs = 30_000): Promise<RefresherReport> {
    await this.until('the refresher to report', () => this.out.includes('\n'), timeoutMs);
    return JSON.parse(this.out.split('\n')[0]) as RefresherReport;
  }

  async report(): Promise<RefresherReport> {
    const code = await this.exited;
    if (code !== 0) throw new Error(`refresher exited with ${code}: ${this.err}`);
    const lines = this.out.trim().split('\n');
    return JSON.parse(lines[lines.length - 1]) as RefresherReport;
  }

  /** Waits for `done`; fails at once if the process exits first. */
  private async until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
    await waitFor(what, () => done() || this.child.exitCode !== null, { timeoutMs, intervalMs: 20, describe: () => this.err });
    if (!done()) throw new Error(`refresher exited (waiting for ${what}): ${this.err}`);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}
