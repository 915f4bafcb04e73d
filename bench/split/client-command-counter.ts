import Redis from 'ioredis';
import { sleep } from '../latency';
import { callsByCommand } from '../redis-stats';
import { RedisTopology } from './redis-topology';
import { connectionKey, connectionOwners, readTcpSockets } from './socket-owners';

export interface ClientCommands {
  seconds: number;
  /** commands each process sent, by pid (an EVALSHA is one; what its script runs is not counted) */
  perProcess: Map<number, number>;
  /** the same commands by name, summed over the processes */
  byCommand: Map<string, number>;
  /**
   * INFO commandstats over the masters (what the brief's first way counts), minus the commands
   * MONITOR saw scripts run there, minus INFO and REPLCONF (the bench's snapshots, the replicas'
   * acks): every client's commands to the masters, the admin ones MONITOR does not show included.
   */
  mastersCommandstats: number;
  /** commands from connections no counted process holds (replication links, the bench's own) */
  unattributed: number;
}

interface Seen {
  nodePort: number;
  clientPort: number;
  command: string;
}

/**
 * Counts the Redis commands the given processes send, per connection: MONITOR on every node shows
 * each command a client sent (`127.0.0.1:<port>`) apart from those a script runs (`lua`), and
 * /proc tells which process holds that client port (socket-owners.ts). Redis 7.0's CLIENT LIST
 * has no per-connection command counter (tot-cmds came later), hence MONITOR. MONITOR does not
 * show admin commands (CONFIG, CLIENT UNBLOCK...): `mastersCommandstats` counts those too, for
 * the masters, as a cross-check.
 */
export async function countClientCommands(
  topology: RedisTopology,
  pids: number[],
  seconds: number,
  /** the name a command is counted under in byCommand (e.g. an EVALSHA by its script) */
  nameOf: (args: string[]) => string = (args) => String(args[0] ?? '?').toLowerCase(),
): Promise<ClientCommands> {
  const ports = topology.nodePorts;
  const masters = await topology.masterPorts();
  const seen: Seen[] = [];
  const luaOnMasters = { count: 0 };
  let counting = false;
  const monitors: Redis[] = [];
  try {
    for (const nodePort of ports) {
      const monitor = await topology.admin(nodePort).monitor();
      monitor.on('error', () => undefined);
      monitors.push(monitor);
      monitor.on('monitor', (_time: string, args: string[], source: string) => {
        if (!counting) return;
        if (source === 'lua') {
          if (masters.includes(nodePort)) luaOnMasters.count++;
          return;
        }
        const clientPort = Number(source.split(':').at(-1));
        seen.push({ nodePort, clientPort, command: nameOf(args) });
      });
    }
    const before = await Promise.all(masters.map((port) => callsByCommand(topology.admin(port))));
    const ownersBefore = connectionOwners(pids, readTcpSockets());
    counting = true;
    const startedAt = performance.now();
    await sleep(seconds * 1000);
    counting = false;
    const measured = (performance.now() - startedAt) / 1000;
    const after = await Promise.all(masters.map((port) => callsByCommand(topology.admin(port))));
    // connections opened during the window are known only now
    const owners = new Map([...connectionOwners(pids, readTcpSockets()), ...ownersBefore]);

    const perProcess = new Map<number, number>(pids.map((pid) => [pid, 0]));
    const byCommand = new Map<string, number>();
    let unattributed = 0;
    for (const s of seen) {
      const pid = owners.get(connectionKey(s.clientPort, s.nodePort));
      if (pid === undefined) {
        unattributed++;
        continue;
      }
      perProcess.set(pid, (perProcess.get(pid) ?? 0) + 1);
      byCommand.set(s.command, (byCommand.get(s.command) ?? 0) + 1);
    }
    let statCalls = 0;
    after.forEach((calls, i) => {
      for (const [name, n] of calls) if (name !== 'info' && name !== 'replconf' && name !== 'monitor') statCalls += n - (before[i].get(name) ?? 0);
    });
    return { seconds: measured, perProcess, byCommand, mastersCommandstats: statCalls - luaOnMasters.count, unattributed };
  } finally {
    for (const m of monitors) m.disconnect();
  }
}
