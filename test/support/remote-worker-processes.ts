import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The languages claimq ships a remote-worker client in, each with an example worker (clients/<language>/examples). */
export type WorkerLanguage = 'typescript' | 'go' | 'python';

let goBinary: string | undefined;

/** Builds the Go example worker once per test run (Debian's golang-go, standard library only). */
function goWorker(): string {
  if (goBinary) return goBinary;
  const dir = mkdtempSync(join(tmpdir(), 'claimq-go-worker-'));
  // the binary and its build cache go with the test process (Go marks cache files read-only: force)
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'worker');
  execFileSync('go', ['build', '-o', out, './examples/worker'], {
    cwd: join(ROOT, 'clients', 'go'),
    env: { ...process.env, GOCACHE: join(dir, 'cache'), GOPATH: join(dir, 'gopath'), GOFLAGS: '-mod=mod', GOPROXY: 'off' },
    stdio: 'pipe',
  });
  return (goBinary = out);
}

function command(language: WorkerLanguage): [string, string[]] {
  switch (language) {
    case 'typescript':
      return [process.execPath, ['-r', '@swc-node/register', join(ROOT, 'clients', 'typescript', 'examples', 'worker.ts')]];
    case 'go':
      return [goWorker(), []];
    case 'python':
      return ['/usr/bin/python3', [join(ROOT, 'clients', 'python', 'examples', 'worker.py')]];
  }
}

export interface RemoteWorkerOptions {
  url: string;
  queue: string;
  apiKey?: string;
  concurrency?: number;
  /** How long the example's handler takes per job. */
  sleepMs?: number;
}

/**
 * An example worker of one of the clients, as its own OS process (clients/<language>/examples):
 * it prints `processed <jobId>` for every job whose result its client recorded... or sent: the
 * tests read the store for what was recorded, and these lines for what ran.
 */
export class RemoteWorkerProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly language: WorkerLanguage,
    private readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static start(language: WorkerLanguage, options: RemoteWorkerOptions): RemoteWorkerProcess {
    const [file, args] = command(language);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      CLAIMQ_URL: options.url,
      CLAIMQ_QUEUE: options.queue,
      CLAIMQ_CONCURRENCY: String(options.concurrency ?? 4),
    };
    if (options.apiKey) env.CLAIMQ_API_KEY = options.apiKey;
    if (options.sleepMs !== undefined) env.CLAIMQ_EXAMPLE_SLEEP_MS = String(options.sleepMs);
    const child = spawn(file, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    return new RemoteWorkerProcess(language, child);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get log(): string {
    return this.output;
  }

  /** Ids of the jobs it says it processed, in order. */
  processed(): string[] {
    return [...this.output.matchAll(/^processed (\S+)$/gm)].map((m) => m[1]);
  }

  signal(signal: NodeJS.Signals): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.signal('SIGTERM');
    return this.exited;
  }

  /** Cleanup after a test, passed or failed: SIGCONT (a stopped process ignores SIGKILL's exit until continued) and SIGKILL. */
  async kill(): Promise<void> {
    this.signal('SIGCONT');
    this.signal('SIGKILL');
    await this.exited;
  }
}
