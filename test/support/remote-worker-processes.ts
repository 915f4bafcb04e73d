import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The languages claimq ships a remote-worker client in, each with an example worker (clients/<language>/examples). */
export type WorkerLanguage = 'typescript' | 'go' | 'python';

let goBinary: string | undefined;

/** Where built Go example workers are kept between test runs, one binary per version of clients/go. */
const GO_WORKER_DIR = join(tmpdir(), 'claimq-go-worker');

/** A binary of another version is removed once it is this old (a test run of that version has long ended). */
const STALE_GO_WORKER_MS = 24 * 60 * 60 * 1000;

/** A digest of the Go client's sources: the name of its example worker's binary. */
function goSourcesDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.go') || entry.name === 'go.mod' || entry.name === 'go.sum') hash.update(path.slice(dir.length)).update('\0').update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the Go example worker (Debian's golang-go, standard library only) once per version of
 * clients/go, into a fixed directory: every test file and test run of that version uses the one
 * binary, built under a temporary name and renamed into place, so runs side by side never see half
 * a binary and nothing is left per run. Go's build cache stays at its default under $HOME.
 */
function goWorker(): string {
  if (goBinary) return goBinary;
  const source = join(ROOT, 'clients', 'go');
  mkdirSync(GO_WORKER_DIR, { recursive: true });
  const name = `worker-${goSourcesDigest(source)}`;
  const out = join(GO_WORKER_DIR, name);
  if (existsSync(out)) {
    // its time is its last use: the sweep below (of another version's run) leaves it while in use
    const now = new Date();
    utimesSync(out, now, now);
  } else {
    const building = `${out}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      execFileSync('go', ['build', '-o', building, './examples/worker'], {
        cwd: source,
        env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' },
        stdio: 'pipe',
      });
      renameSync(building, out);
    } finally {
      rmSync(building, { force: true });
    }
  }
  for (const other of readdirSync(GO_WORKER_DIR)) {
    if (other === name) continue;
    const path = join(GO_WORKER_DIR, other);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_GO_WORKER_MS) rmSync(path, { force: true });
    } catch {
      // removed by a run beside this one
    }
  }
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
