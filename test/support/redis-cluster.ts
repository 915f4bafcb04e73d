import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

interface ClusterNode {
  port: number;
  busPort: number;
  dir: string;
  process?: ChildProcess;
}

export interface RedisClusterOptions {
  /** extra redis-server arguments for every node */
  extraArgs?: string[];
}

/**
 * A real Redis Cluster of six `redis-server --cluster-enabled yes` processes (3 masters, 3
 * replicas, made by `redis-cli --cluster create`) in a temp dir, owned by one test or benchmark.
 * Fault tests kill masters (SIGKILL) and watch a replica take over; `stop()` ends every process
 * and removes the dir, also after a failure (call it from afterAll).
 *
 * `cluster-node-timeout 1000` makes a failover take about 2 s; `cluster-replica-validity-factor 0`
 * lets any replica be promoted however long it was cut off (a restarted one included), so a
 * second failover in one test cannot leave the cluster down.
 */
export class RedisCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'claimq-cluster-'));
  private readonly nodes: ClusterNode[] = [];

  private constructor(private readonly options: RedisClusterOptions) {}

  static async start(options: RedisClusterOptions = {}): Promise<RedisCluster> {
    const cluster = new RedisCluster(options);
    try {
      for (let i = 0; i < 6; i++) {
        const dir = join(cluster.dir, `node-${i}`);
        mkdirSync(dir);
        await cluster.launchOnFreePorts(dir);
      }
      await run('redis-cli', ['--cluster', 'create', ...cluster.nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '1', '--cluster-yes'], {
        timeout: 30_000,
      });
      await cluster.waitUntilOk();
      await cluster.waitForReplicas();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /**
   * One `--cluster-enabled yes` server never joined to a cluster: it serves no slot, and says
   * cluster_state:fail. For start checks.
   */
  static async lone(): Promise<{ port: number; stop(): Promise<void> }> {
    const cluster = new RedisCluster({});
    const dir = join(cluster.dir, 'node-0');
    mkdirSync(dir);
    try {
      await cluster.launchOnFreePorts(dir);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return { port: cluster.nodes[0].port, stop: () => cluster.stop() };
  }

  /** The seed list, as REDIS_CLUSTER_NODES takes it. */
  get seeds(): string {
    return this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  }

  get ports(): number[] {
    return this.nodes.map((n) => n.port);
  }

  /** Every pid of a running node (for `ps` checks after a test). */
  get pids(): number[] {
    return this.nodes.flatMap((n) => (n.process && n.process.exitCode === null && n.process.signalCode === null && n.process.pid ? [n.process.pid] : []));
  }

  /** `redis-cli -p <port> <args>` against a live node; its output trimmed. */
  async cli(port: number, ...args: string[]): Promise<string> {
    const { stdout } = await run('redis-cli', ['-p', String(port), ...args], { timeout: 10_000 });
    return stdout.trim();
  }

  /** CLUSTER INFO's cluster_state as a live node sees it. */
  async state(port = this.livePorts()[0]): Promise<string> {
    const info = await this.cli(port, 'CLUSTER', 'INFO');
    return /cluster_state:(\w+)/.exec(info)?.[1] ?? 'unknown';
  }

  /** The port of the master serving the slot of `key` (a hash tag such as `{default}` names it). */
  async masterOf(key: string): Promise<number> {
    const slot = Number(await this.cli(this.livePorts()[0], 'CLUSTER', 'KEYSLOT', key));
    for (const line of await this.nodeLines()) {
      if (!/\bmaster\b/.test(line) || /\bfail\b/.test(line)) continue;
      // <id> <ip:port@bus> <flags> <master> <ping> <pong> <epoch> <link> <slot ranges...>
      const ranges = line.split(' ').slice(8);
      for (const range of ranges) {
        const [from, to = from] = range.split('-').map(Number);
        if (slot >= from && slot <= to) return Number(/:(\d+)@/.exec(line)?.[1]);
      }
    }
    throw new Error(`no live master serves slot ${slot}`);
  }

  /** Masters, as the cluster sees them now (ports of live nodes). */
  async masters(): Promise<number[]> {
    return (await this.nodeLines())
      .filter((line) => /\bmaster\b/.test(line) && !/\bfail\b/.test(line))
      .map((line) => Number(/:(\d+)@/.exec(line)?.[1]))
      .filter((port) => this.livePorts().includes(port));
  }

  /** SIGKILL the node on `port`: no shutdown, its replica takes over after cluster-node-timeout. */
  async kill(port: number): Promise<void> {
    const node = this.node(port);
    const proc = node.process;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
    node.process = undefined;
  }

  /** Starts a killed node again from its nodes.conf: it rejoins as a replica of whoever took over. */
  async restart(port: number): Promise<void> {
    const node = this.node(port);
    if (node.process) return;
    this.launch(node);
    await this.waitForPing(port);
  }

  /** Waits until every live node says cluster_state:ok and sees each slot served by a live master. */
  async waitUntilOk(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      try {
        const states = await Promise.all(this.livePorts().map((port) => this.state(port)));
        if (states.every((s) => s === 'ok')) return;
        last = states.join(',');
      } catch (error) {
        last = (error as Error).message;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Redis Cluster not ok after ${timeoutMs} ms (${last})`);
  }

  /** Waits until every master has a replica online, in sync (a write can be WAITed for) (INFO replication: connected_slaves and state=online). */
  async waitForReplicas(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const masters = await this.masters().catch(() => []);
      const synced = await Promise.all(
        masters.map(async (port) => /slave\d+:.*state=online/.test(await this.cli(port, 'INFO', 'replication').catch(() => ''))),
      );
      if (masters.length === 3 && synced.every(Boolean)) return;
      if (Date.now() > until) throw new Error(`not every master has an online replica after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => this.kill(n.port)));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private livePorts(): number[] {
    return this.nodes.filter((n) => n.process).map((n) => n.port);
  }

  private node(port: number): ClusterNode {
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node of this cluster on port ${port}`);
    return node;
  }

  /**
   * Starts a node on two ports that were free a moment ago (client and cluster bus). Another test
   * file may take a port between the check and the start: then the node exits at once, and it is
   * started again on other ports.
   */
  private async launchOnFreePorts(dir: string): Promise<void> {
    const taken = new Set(this.nodes.flatMap((n) => [n.port, n.busPort]));
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const busPort = await freePort();
      if (port === busPort || taken.has(port) || taken.has(busPort)) continue;
      const node: ClusterNode = { port, busPort, dir };
      this.launch(node);
      try {
        await this.waitForPing(port, node.process);
        this.nodes.push(node);
        return;
      } catch (error) {
        node.process?.kill('SIGKILL');
        rmSync(join(dir, 'nodes.conf'), { force: true });
        if (attempt >= 5) throw error;
      }
    }
  }

  private launch(node: ClusterNode): void {
    const args = [
      '--port', String(node.port),
      '--cluster-port', String(node.busPort),
      '--bind', '127.0.0.1',
      '--dir', node.dir,
      '--cluster-enabled', 'yes',
      '--cluster-config-file', 'nodes.conf',
      '--cluster-node-timeout', '1000',
      '--cluster-replica-validity-factor', '0',
      '--save', '',
      '--appendonly', 'no',
      ...(this.options.extraArgs ?? []),
    ];
    node.process = spawn('redis-server', args, { stdio: 'ignore' });
  }

  private async waitForPing(port: number, proc?: ChildProcess): Promise<void> {
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if (proc && (proc.exitCode !== null || proc.signalCode !== null)) throw new Error(`cluster node on port ${port} exited at start`);
      try {
        if ((await this.cli(port, 'PING')) === 'PONG') return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`cluster node on port ${port} did not start`);
  }

  private async nodeLines(): Promise<string[]> {
    for (const port of this.livePorts()) {
      try {
        return (await this.cli(port, 'CLUSTER', 'NODES')).split('\n');
      } catch {
        // this node cannot answer now: ask the next
      }
    }
    throw new Error('no live node of the cluster answers');
  }
}
