import { randomUUID } from 'node:crypto';
import { connect, Socket } from 'node:net';
import Redis from 'ioredis';
import { sleep } from './latency';

/** What the bench itself sends in a window; left out of the counts. */
export const OWN_COMMANDS: ReadonlySet<string> = new Set(['info', 'config|resetstat']);

export interface WindowCounts {
  /** the window's length on Redis's clock */
  seconds: number;
  /** INFO commandstats calls by name (commands scripts run included), the bench's own left out */
  calls: Map<string, number>;
  /** commands MONITOR showed a script (`lua`) run */
  scriptRun: number;
  /** commands MONITOR showed from clients (it does not show admin ones such as CLIENT LIST or CONFIG) */
  monitorClientCommands: number;
}

interface MonitorLine {
  /** Redis's clock, seconds */
  time: number;
  /** `lua` for a command a script ran, else the client's address */
  source: string;
  command: string;
  /** the arguments after the command, as MONITOR quotes them */
  rest: string;
}

const MONITOR_LINE = /^\+(\d+(?:\.\d+)?) \[\d+ ([^\]]+)\] "((?:[^"\\]|\\.)*)"(.*)$/;

/**
 * MONITOR on a socket of its own. Not ioredis's monitor(): it enters monitoring mode one tick
 * after MONITOR's +OK is parsed, so a line that arrives in the same read as the +OK (a busy
 * server: BullMQ's blocking calls) is taken for a command's reply and fails the connection with
 * "Command queue state error". Each reply is a RESP simple string (MONITOR escapes CR and LF).
 */
class RedisMonitor {
  private constructor(private readonly socket: Socket) {}

  static open(port: number, onLine: (line: MonitorLine) => void): Promise<RedisMonitor> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let buffer = '';
      let monitoring = false;
      socket.setEncoding('utf8');
      socket.on('error', (err) => {
        if (!monitoring) reject(err);
      });
      socket.on('connect', () => socket.write('MONITOR\r\n'));
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
          const reply = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!monitoring) {
            if (reply !== '+OK') {
              socket.destroy();
              reject(new Error(`MONITOR answered ${reply}`));
              return;
            }
            monitoring = true;
            resolve(new RedisMonitor(socket));
            continue;
          }
          const match = MONITOR_LINE.exec(reply);
          if (match) onLine({ time: Number(match[1]), source: match[2], command: match[3].toLowerCase(), rest: match[4] });
        }
      });
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * One measured window: CONFIG RESETSTAT, `windowMs`, INFO commandstats. An ECHO of a fresh
 * marker is pipelined right behind CONFIG RESETSTAT and another right behind INFO: Redis runs a
 * client's pipelined commands back to back, so MONITOR's lines between the two markers are exactly
 * the window's, and the markers' timestamps give its length on Redis's clock. The first ECHO runs
 * after the reset, so one `echo` call is taken off commandstats.
 */
export async function countWindow(admin: Redis, port: number, windowMs: number): Promise<WindowCounts> {
  const startMark = ` "bench-idle-start-${randomUUID()}"`;
  const endMark = ` "bench-idle-end-${randomUUID()}"`;
  let phase: 'before' | 'window' | 'after' = 'before';
  let startTime = 0;
  let endTime = 0;
  let scriptRun = 0;
  let monitorClientCommands = 0;
  let sawEnd: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (sawEnd = resolve));
  const monitor = await RedisMonitor.open(port, (line) => {
    if (line.command === 'echo' && line.rest === startMark) {
      phase = 'window';
      startTime = line.time;
    } else if (line.command === 'echo' && line.rest === endMark) {
      phase = 'after';
      endTime = line.time;
      sawEnd();
    } else if (phase === 'window') {
      if (line.source === 'lua') scriptRun++;
      else if (!OWN_COMMANDS.has(line.command)) monitorClientCommands++;
    }
  });
  try {
    const reset = await admin.pipeline().config('RESETSTAT').echo(startMark.slice(2, -1)).exec();
    const resetError = reset?.find(([err]) => err)?.[0];
    if (resetError) throw resetError;
    await sleep(windowMs);
    const read = await admin.pipeline().info('commandstats').echo(endMark.slice(2, -1)).exec();
    const [infoError, info] = read?.[0] ?? [new Error('no reply to INFO'), ''];
    if (infoError) throw infoError;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('MONITOR did not show the end of the window within 10 s')), 10_000);
    });
    await Promise.race([ended, timeout]).finally(() => clearTimeout(timer));
    if (startTime === 0) throw new Error('MONITOR did not show the start of the window');

    const calls = new Map<string, number>();
    for (const match of String(info).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) {
      const name = match[1];
      const count = Number(match[2]) - (name === 'echo' ? 1 : 0);
      if (!OWN_COMMANDS.has(name) && count > 0) calls.set(name, count);
    }
    return { seconds: endTime - startTime, calls, scriptRun, monitorClientCommands };
  } finally {
    monitor.close();
  }
}
