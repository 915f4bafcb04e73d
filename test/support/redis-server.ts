import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from './free-port';

export interface RedisServerOptions {
  /** append-only persistence, so a kill and restart keeps what was acknowledged */
  appendOnly?: boolean;
  /** extra redis-server arguments, e.g. ['--maxmemory', '4mb'] */
  extraArgs?: string[];
}

/**
 * A throwaway redis-server on a free port, owned by one test or benchmark: it may be killed,
 * restarted or stopped without touching the machine's shared Redis.
 */
export class RedisServer {
  private process?: ChildProcess;
  readonly dir = mkdtempSync(join(tmpdir(), 'claimq-redis-'));

  private constructor(
    readonly port: number,
    private readonly options: RedisServerOptions,
  ) {}

  static async start(options: RedisServerOptions = {}): Promise<RedisServer> {
    const server = new RedisServer(await freePort(), options);
    await server.launch();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  async launch(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''];
    args.push('--appendonly', this.options.appendOnly ? 'yes' : 'no');
    if (this.options.appendOnly) args.push('--appendfsync', 'always');
    args.push(...(this.options.extraArgs ?? []));
    this.process = spawn('redis-server', args, { stdio: 'ignore' });
    await this.waitUntilReady();
  }

  /** SIGKILL: no shutdown save; what survives is what the AOF already holds. */
  async kill(): Promise<void> {
    const proc = this.process;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    this.process = undefined;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Polls with a one-shot client until the server answers PING. The probe must leave nothing
   * behind: no reconnect (retryStrategy null), no queued commands (no offline queue), its refused
   * connections' errors handled, and no ioredis disconnect timer (disconnect() on a client whose
   * socket already closed arms a 2 s timer that nothing clears, holding the test process open).
   */
  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (this.process?.exitCode !== null || this.process?.signalCode !== null) {
        throw new Error(`redis-server on port ${this.port} exited before it was ready`);
      }
      if (await this.answersPing()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on port ${this.port} did not start`);
  }

  private async answersPing(): Promise<boolean> {
    const probe = new Redis(this.port, '127.0.0.1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 1_000,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      const ready = (await probe.ping()) === 'PONG';
      await probe.quit();
      return ready;
    } catch {
      return false; // not up yet (or still loading the AOF)
    } finally {
      if (probe.status !== 'end') probe.disconnect();
    }
  }
}
