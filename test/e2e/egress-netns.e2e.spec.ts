import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';

const ROOT = join(__dirname, '..', '..');

/** Names the namespace's own /etc/hosts gives out (a bind mount seen by nothing outside it). */
const HOSTS = [
  '127.0.0.1 localhost',
  '::1 localhost',
  '169.254.169.254 metadata.test',
  '::ffff:169.254.169.254 mapped-metadata.test',
  'fd00:ec2::254 aws6.test',
  '198.51.100.7 public.test',
].join('\n');

const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://2852039166/',
  'http://0xA9FEA9FE/',
  'http://0251.0376.0251.0376/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[fd00:ec2::254]/',
  'http://metadata.test/latest/meta-data/',
  'http://mapped-metadata.test/',
  'http://aws6.test/',
];

interface Outcome {
  results: Record<string, { status: string; attempts: number; lastError?: string }>;
  loopbackHits: number;
}

/**
 * The worker's real dial path (undici, the egress connector, getaddrinfo) with nothing faked,
 * run where no packet can leave: a process in a network namespace of its own (`unshare -n`) that
 * has only loopback, with a mount namespace (`-m`) whose /etc/hosts names the metadata address.
 * Were the policy broken, a refused address would be dialed there and fail as unreachable, which
 * these assertions tell apart from a refusal.
 */
describe('egress on the real dial path, in a network namespace with only loopback', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'claimq-netns-'));
    writeFileSync(join(dir, 'hosts'), `${HOSTS}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `urls` gets the port of the loopback server inside the namespace. */
  async function runIsolated(urlsFor: (port: number) => string[], settings: Record<string, string>): Promise<Outcome & { urls: string[] }> {
    const port = await freePort();
    const urls = urlsFor(port);
    const script = 'ip link set lo up && mount --bind "$HOSTS_FILE" /etc/hosts && exec "$NODE_BIN" -r @swc-node/register test/support/egress-netns.process.ts';
    const env = {
      PATH: process.env.PATH ?? '',
      HOSTS_FILE: join(dir, 'hosts'),
      NODE_BIN: process.execPath,
      URLS: JSON.stringify(urls),
      CLAIMQ_SETTINGS: JSON.stringify(settings),
      LOOPBACK_PORT: String(port),
    };
    return new Promise((resolve, reject) => {
      // unshare execs the shell, which execs node: the one child, ended by the timeout if it hangs
      execFile('unshare', ['-n', '-m', '--', 'sh', '-c', script], { cwd: ROOT, env, timeout: 90_000, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
        if (err) return reject(new Error(`isolated run failed: ${err.message}\n${stderr}`));
        resolve({ ...(JSON.parse(stdout.trim().split('\n').pop() ?? '') as Outcome), urls });
      });
    });
  }

  it('refuses the metadata address in every spelling and behind every name on the default policy, and still calls loopback', async () => {
    const outcome = await runIsolated((port) => [...METADATA_URLS, 'http://public.test/', `http://localhost:${port}/`], {});
    for (const url of METADATA_URLS) {
      expect([url, outcome.results[url]]).toEqual([url, { status: 'failed', attempts: 1, lastError: expect.stringMatching(/is refused by the egress policy \((link-local|cloud-metadata)\)$/) }]);
    }
    // an allowed address is dialed for real, and the namespace is what stops it
    const publicCall = outcome.results['http://public.test/'];
    expect(publicCall).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/fetch failed \((ENETUNREACH|EHOSTUNREACH|ECONNREFUSED|EACCES)/) });
    expect(publicCall.lastError).not.toMatch(/egress policy/);
    expect(outcome.results[outcome.urls.at(-1)!]).toMatchObject({ status: 'succeeded' });
    expect(outcome.loopbackHits).toBe(1);
  }, 120_000);

  it('refuses localhost and 127.0.0.1 under public-only, and lets HTTP_EGRESS_ALLOW open 127.0.0.1 again', async () => {
    const strict = await runIsolated((port) => [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`], { HTTP_EGRESS: 'public-only' });
    for (const url of strict.urls) {
      expect([url, strict.results[url]]).toEqual([url, { status: 'failed', attempts: 1, lastError: expect.stringMatching(/is refused by the egress policy \(loopback\)$/) }]);
    }
    expect(strict.loopbackHits).toBe(0);
    const carved = await runIsolated((port) => [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`], { HTTP_EGRESS: 'public-only', HTTP_EGRESS_ALLOW: '127.0.0.1' });
    expect(carved.results[carved.urls[0]]).toMatchObject({ status: 'succeeded' });
    // localhost's ::1 stays refused, and its 127.0.0.1 is allowed: the connector dials the allowed one
    expect(carved.results[carved.urls[1]]).toMatchObject({ status: 'succeeded' });
    expect(carved.loopbackHits).toBe(2);
  }, 120_000);
});
