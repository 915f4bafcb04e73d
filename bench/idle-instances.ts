/** bench:idle's instances: claimq's built service and the peers' idle-peers.ts, each an OS process. */
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ClaimqProcess } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { PeerSystem, queueNames } from './idle-peers';
import { sleep } from './latency';

const ROOT = join(__dirname, '..');
/** A wait for readiness, not a measure: 50 queues' workers of three processes start at once. */
const READY_TIMEOUT_MS = 120_000;

/** One running instance of a system under test: an OS process. */
export interface Instance {
  readonly pid: number | undefined;
  readonly running: boolean;
  readonly log: string;
  waitReady(): Promise<void>;
  kill(): Promise<void>;
}

/** `node dist/main.js` of the bench's copy of the build; ready once GET /health/ready answers 200 (listening, Redis answered PING). */
class ClaimqInstance implements Instance {
  private constructor(private readonly proc: ClaimqProcess) {}

  static async start(server: RedisServer, queues: number, build: string): Promise<ClaimqInstance> {
    const proc = await ClaimqProcess.start(
      { JOB_STORE: 'redis', REDIS_URL: server.url, QUEUES: queueNames(queues).join(','), MODE: 'all', LOG_LEVEL: 'warn' },
      join(build, 'dist', 'main.js'),
    );
    return new ClaimqInstance(proc);
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  get running(): boolean {
    return this.proc.running;
  }

  get log(): string {
    return this.proc.log;
  }

  async waitReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (!this.proc.running) throw new Error(`claimq ${this.pid} exited before it was ready:\n${this.log.slice(-3000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${this.proc.port}/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`claimq ${this.pid} not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.log.slice(-3000)}`);
  }

  kill(): Promise<void> {
    return this.proc.kill();
  }
}

/** bench/idle-peers.ts in a child process; it exits on its own when its stdin closes. */
class PeerInstance implements Instance {
  private output = '';
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static start(system: PeerSystem, server: RedisServer, queues: number): PeerInstance {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'idle-peers.ts'), system, String(server.port), String(queues)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new PeerInstance(child);
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

  async waitReady(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!/^ready$/m.test(this.output)) {
      if (!this.running) throw new Error(`peer ${this.pid} exited before it was ready:\n${this.output.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`peer ${this.pid} not ready within ${READY_TIMEOUT_MS / 1000} s:\n${this.output.slice(-3000)}`);
      await sleep(50);
    }
  }

  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }
}

export async function startInstance(system: 'claimq' | PeerSystem, server: RedisServer, queues: number, build: string): Promise<Instance> {
  return system === 'claimq' ? ClaimqInstance.start(server, queues, build) : PeerInstance.start(system, server, queues);
}

export function assertRunning(instances: readonly Instance[], when: string): void {
  const dead = instances.find((instance) => !instance.running);
  if (dead) throw new Error(`instance ${dead.pid} exited ${when}:\n${dead.log.slice(-3000)}`);
}
