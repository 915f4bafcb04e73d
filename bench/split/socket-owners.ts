import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Which local process owns a TCP connection, from /proc: a process's fds name their sockets by
 * inode (`socket:[123]`), and /proc/net/tcp gives each inode its local and remote port. MONITOR
 * names a command's client by its address (`127.0.0.1:<port>`) on the node it ran on, so
 * (client port, node port) names the process that sent it. The remote port is part of the key:
 * Linux hands out the same ephemeral port again for a connection to another destination.
 */

export interface TcpSocket {
  inode: string;
  localPort: number;
  remotePort: number;
}

/** The sockets listed in /proc/net/tcp (or tcp6) text: `sl local rem st ... uid timeout inode`. */
export function parseProcNetTcp(text: string): TcpSocket[] {
  const sockets: TcpSocket[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10) continue;
    const localPort = Number.parseInt(fields[1].split(':').at(-1) ?? '', 16);
    const remotePort = Number.parseInt(fields[2].split(':').at(-1) ?? '', 16);
    const inode = fields[9];
    if (!Number.isInteger(localPort) || !Number.isInteger(remotePort) || inode === '0') continue;
    sockets.push({ inode, localPort, remotePort });
  }
  return sockets;
}

/** The socket inodes among a process's fds (links `socket:[<inode>]`); none once it has exited. */
export function socketInodesOf(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // the fd closed while it was read
    }
  }
  return inodes;
}

export function connectionKey(clientPort: number, serverPort: number): string {
  return `${clientPort}>${serverPort}`;
}

/** `connectionKey(client port, server port)` -> pid, for the connections the given processes hold now. */
export function connectionOwners(pids: readonly number[], sockets: readonly TcpSocket[], inodesOf: (pid: number) => Set<string> = socketInodesOf): Map<string, number> {
  const byInode = new Map(sockets.map((s) => [s.inode, s]));
  const owners = new Map<string, number>();
  for (const pid of pids) {
    for (const inode of inodesOf(pid)) {
      const socket = byInode.get(inode);
      if (socket) owners.set(connectionKey(socket.localPort, socket.remotePort), pid);
    }
  }
  return owners;
}

/** Every TCP socket on this machine's network namespace (IPv4 and IPv6). */
export function readTcpSockets(): TcpSocket[] {
  const read = (path: string): string => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  return [...parseProcNetTcp(read('/proc/net/tcp')), ...parseProcNetTcp(read('/proc/net/tcp6'))];
}
