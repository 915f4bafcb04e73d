import { summarizeLatency } from '../../bench/split/latency-samples';
import { unescapeMonitorArg } from '../../bench/split/script-names';
import { parseEnvPairs } from '../../bench/split/split-settings';
import { connectionKey, connectionOwners, parseProcNetTcp } from '../../bench/split/socket-owners';

// two lines of a real /proc/net/tcp: a client 127.0.0.1:41530 -> :6379 and the server's accepted side
const PROC_NET_TCP = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:A23A 0100007F:18EB 01 00000000:00000000 00:00000000 00000000     0        0 91234 1 0000000000000000 20 4 30 10 -1',
  '   1: 0100007F:18EB 0100007F:A23A 01 00000000:00000000 00:00000000 00000000     0        0 91235 1 0000000000000000 20 4 30 10 -1',
  '   2: 00000000:18EB 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 0 1 0000000000000000 100 0 0 10 0',
  '',
].join('\n');

describe('bench:split per-connection accounting', () => {
  it('reads each socket of /proc/net/tcp with its ports in decimal and its inode', () => {
    expect(parseProcNetTcp(PROC_NET_TCP)).toEqual([
      { inode: '91234', localPort: 41530, remotePort: 6379 },
      { inode: '91235', localPort: 6379, remotePort: 41530 },
    ]);
  });

  it('gives a connection to the process holding its socket, keyed by client and server port', () => {
    const sockets = [
      { inode: '1', localPort: 41530, remotePort: 6379 },
      // the same ephemeral port again, to another node: another process's connection
      { inode: '2', localPort: 41530, remotePort: 7001 },
      { inode: '3', localPort: 50000, remotePort: 6379 },
    ];
    const inodes = new Map([
      [100, new Set(['1', '3'])],
      [200, new Set(['2', '99'])],
    ]);
    const owners = connectionOwners([100, 200], sockets, (pid) => inodes.get(pid) ?? new Set());
    expect(owners.get(connectionKey(41530, 6379))).toBe(100);
    expect(owners.get(connectionKey(41530, 7001))).toBe(200);
    expect(owners.get(connectionKey(50000, 6379))).toBe(100);
    expect(owners.size).toBe(3);
  });

  it('undoes MONITOR quoting, so an EVAL is named by the SHA1 of the script it carried', () => {
    expect(unescapeMonitorArg('local a = KEYS[1]\\nreturn \\"x\\\\y\\"\\x01')).toBe('local a = KEYS[1]\nreturn "x\\y"\x01');
  });
});

describe('bench:split latency summary', () => {
  it('counts a job that had not started as what it had waited, and says how many there were', () => {
    const samples = [
      ...Array.from({ length: 18 }, (_, i) => ({ ms: i + 1, started: true })),
      { ms: 60_000, started: false },
      { ms: 59_700, started: false },
    ];
    const s = summarizeLatency(samples);
    expect(s.samples).toBe(20);
    expect(s.censored).toBe(2);
    expect(s.p50).toBe(10);
    // nearest rank: the 19th and 20th of 20 are the two not started
    expect(s.p95).toBe(59_700);
    expect(s.p99).toBe(60_000);
  });
});

describe('bench:split settings', () => {
  it('reads BENCH_CLAIMQ_ENV as K=V pairs, a value may hold =', () => {
    expect(parseEnvPairs('X', 'LOG_LEVEL=info, REDIS_PREFIX=a=b')).toEqual({ LOG_LEVEL: 'info', REDIS_PREFIX: 'a=b' });
    expect(parseEnvPairs('X', undefined)).toEqual({});
    expect(() => parseEnvPairs('BENCH_CLAIMQ_ENV', 'LOG_LEVEL')).toThrow(/BENCH_CLAIMQ_ENV: "LOG_LEVEL" is not K=V/);
  });
});
