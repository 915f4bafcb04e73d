import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

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
    const until = Date.now() + timeoutMs;
    while (!this.err.includes('ready\n')) {
      if (this.child.exitCode !== null) throw new Error(`refresher exited: ${this.err}`);
      if (Date.now() > until) throw new Error(`refresher never got ready: ${this.err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  go(): void {
    this.child.stdin?.end('go\n');
  }

  /** The first report line (a `hang` refresher prints one after its claim). */
  async firstReport(timeoutMs = 30_000): Promise<RefresherReport> {
    const until = Date.now() + timeoutMs;
    while (!this.out.includes('\n')) {
      if (this.child.exitCode !== null) throw new Error(`refresher exited: ${this.err}`);
      if (Date.now() > until) throw new Error(`refresher did not report: ${this.err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return JSON.parse(this.out.split('\n')[0]) as RefresherReport;
  }

  async report(): Promise<RefresherReport> {
    const code = await this.exited;
    if (code !== 0) throw new Error(`refresher exited with ${code}: ${this.err}`);
    const lines = this.out.trim().split('\n');
    return JSON.parse(lines[lines.length - 1]) as RefresherReport;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}
