import { join } from 'node:path';
import { ClaimqProcess } from '../../test/support/processes';
import { sleep } from '../latency';

/** `split`: API processes (MODE=api) and worker processes (MODE=worker); `all`: processes that are both (MODE=all). */
export type FleetMode = 'split' | 'all';

export interface FleetSpec {
  mode: FleetMode;
  /** QUEUES=default (1) or default:N */
  partitions: number;
  /** split: MODE=api processes */
  apis: number;
  /** split: MODE=worker processes; all: MODE=all processes */
  workers: number;
}

/** Every claimq process the bench started and has not seen exit: what a failure or SIGINT must end. */
export const startedProcesses = new Set<ClaimqProcess>();
/** The pid of every claimq process the bench started, exited or not (for the check that none is left). */
export const claimqPids = new Set<number>();

/**
 * The claimq processes of one (topology, N, mode) measurement, on one key prefix. Clients spread
 * their calls over `endpoints` (the API processes, or every MODE=all process); `idleProcesses` are
 * the ones whose idle Redis traffic is counted (the workers, or every MODE=all process).
 */
export class ClaimqFleet {
  private apis: ClaimqProcess[] = [];
  private workers: ClaimqProcess[] = [];

  private constructor(
    readonly spec: FleetSpec,
    private readonly env: Record<string, string>,
    private readonly build: string,
  ) {}

  /** `env`: the settings every process shares (store, prefix, queue, concurrency...). */
  static async start(spec: FleetSpec, env: Record<string, string>, build: string): Promise<ClaimqFleet> {
    const fleet = new ClaimqFleet(spec, { ...env, QUEUES: spec.partitions === 1 ? 'default' : `default:${spec.partitions}` }, build);
    const mode = spec.mode === 'split' ? 'worker' : 'all';
    // the workers first: in the split topology they are up before the first job is sent
    fleet.workers = await fleet.launch(mode, spec.workers);
    if (spec.mode === 'split') await fleet.startApis();
    return fleet;
  }

  get endpoints(): string[] {
    const serving = this.spec.mode === 'split' ? this.apis : this.workers;
    if (serving.length === 0) throw new Error('no process of the fleet serves the API now');
    return serving.map((p) => `http://127.0.0.1:${p.port}`);
  }

  get idleProcesses(): ClaimqProcess[] {
    return this.workers;
  }

  /** split: SIGTERM the API processes and wait until they are gone (the idle count is the workers' alone). */
  async stopApis(): Promise<void> {
    await Promise.all(this.apis.map((p) => this.end(p, 'SIGTERM')));
    this.apis = [];
  }

  async startApis(): Promise<void> {
    if (this.spec.mode !== 'split' || this.apis.length > 0) return;
    this.apis = await this.launch('api', this.spec.apis);
  }

  /** Ends every process at once (SIGKILL: the store is flushed after). */
  async kill(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((p) => this.end(p, 'SIGKILL')));
    this.apis = [];
    this.workers = [];
  }

  /** Throws with the log of a process of the fleet that exited by itself. */
  checkAlive(): void {
    for (const p of [...this.apis, ...this.workers]) {
      if (!p.running) throw new Error(`a claimq process (pid ${p.pid}) exited during the run:\n${p.log.slice(-3000)}`);
    }
  }

  private async launch(mode: 'api' | 'worker' | 'all', count: number): Promise<ClaimqProcess[]> {
    const processes: ClaimqProcess[] = [];
    for (let i = 0; i < count; i++) {
      const p = await ClaimqProcess.start({ ...this.env, MODE: mode }, join(this.build, 'main.js'));
      startedProcesses.add(p);
      if (p.pid) claimqPids.add(p.pid);
      void p.exited.then(() => startedProcesses.delete(p));
      processes.push(p);
    }
    await Promise.all(processes.map((p) => waitUntilLive(p)));
    return processes;
  }

  private async end(p: ClaimqProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    if (signal === 'SIGKILL') await p.kill();
    else await p.stop(signal);
    startedProcesses.delete(p);
  }
}

/**
 * Waits for GET /health/live: the process listens only once Nest's bootstrap has run, and the
 * worker runtime starts claiming in that bootstrap, so a live worker is claiming.
 */
async function waitUntilLive(p: ClaimqProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!p.running) throw new Error(`a claimq process exited at start:\n${p.log.slice(-3000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${p.port}/health/live`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`a claimq process was not live after ${timeoutMs} ms:\n${p.log.slice(-3000)}`);
    await sleep(100);
  }
}
