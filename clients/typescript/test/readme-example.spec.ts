import { ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2eApp, startE2eApp } from '../../../test/e2e/e2e-app';
import { createClaimqClient } from '../src';

const ROOT = join(__dirname, '..', '..', '..');
const CLIENT_DIR = join(ROOT, 'clients', 'typescript');
/** The Node running the suite (26, or 24 in CI's second run), so the example runs on each supported line. */
const NODE = process.execPath;
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const API_KEY = 'readme-example-key-0123456789';
const QUEUE = 'emails';

/** The ```ts block after the README's "tested:" marker: the example a reader copies. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(CLIENT_DIR, 'README.md'), 'utf8');
  const block = /<!-- tested:[^\n]*-->\n```ts\n([\s\S]*?)\n```\n/.exec(readme);
  if (!block) throw new Error('clients/typescript/README.md has no ```ts block after a <!-- tested: ... --> line');
  return block[1];
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();

/** Runs a command to its end (killed after timeoutMs); afterAll kills any a failed test left. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the README example', () => {
  let e2e: E2eApp;
  let baseUrl: string;
  let consumer: string;

  beforeAll(async () => {
    e2e = await startE2eApp({ JOB_STORE: 'memory', API_KEYS: API_KEY, QUEUES: `default,${QUEUE}` });
    await e2e.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(e2e.app.getHttpServer().address() as AddressInfo).port}`;
    consumer = await mkdtemp(join(tmpdir(), 'claimq-client-readme-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await e2e?.close();
    if (consumer) await rm(consumer, { recursive: true, force: true });
  });

  /** Two failed jobs in the queue, as a worker whose handler threw would leave them. */
  async function seedFailedJobs(): Promise<void> {
    const client = createClaimqClient({ baseUrl, apiKey: API_KEY });
    await client.createJobs(Array.from({ length: 2 }, (_, i) => ({ type: 'email.send', queue: QUEUE, payload: { i }, maxAttempts: 1 })));
    const { jobs } = await e2e.store.jobs.claim(QUEUE, 'readme-worker', 2, 60_000);
    await e2e.store.jobs.fail(QUEUE, jobs.map(({ job, token }) => ({ id: job.id, token, error: 'smtp refused', retryable: false })));
  }

  it('builds, compiles with tsc --strict against the package as a consumer resolves it, and runs against the service', { timeout: 120_000 }, async () => {
    const build = await run(NODE, [TSC, '-p', CLIENT_DIR], { cwd: ROOT });
    expect(build).toEqual({ code: 0, stdout: '', stderr: '' });

    // the package as npm would install it: resolved through its package.json exports
    await mkdir(join(consumer, 'node_modules', '@claimq'), { recursive: true });
    await symlink(CLIENT_DIR, join(consumer, 'node_modules', '@claimq', 'client'), 'dir');
    await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));
    await writeFile(join(consumer, 'example.ts'), await readmeExample());
    const typeRoots = join(ROOT, 'node_modules', '@types');
    const compile = await run(NODE, [TSC, '--strict', '--module', 'node16', '--target', 'es2022', '--types', 'node', '--typeRoots', typeRoots, 'example.ts'], { cwd: consumer });
    expect(compile).toEqual({ code: 0, stdout: '', stderr: '' });

    await seedFailedJobs();
    const env = { PATH: process.env.PATH ?? '', CLAIMQ_URL: baseUrl, CLAIMQ_API_KEY: API_KEY };
    const first = await run(NODE, ['example.js'], { cwd: consumer, env });

    const client = createClaimqClient({ baseUrl, apiKey: API_KEY });
    const [job] = (await client.listJobs({ queue: QUEUE, idempotencyKey: 'welcome-ada' })).items;
    const failed = [];
    for await (const failedJob of client.jobs({ queue: QUEUE, status: 'failed' })) failed.push(`failed ${failedJob.id}: smtp refused`);
    expect(failed).toHaveLength(2);
    const output = [`created ${job.id}`, `read ${job.id}: pending, 0 attempts`, ...failed, '2 failed', 'retry refused: 409 invalid_transition', ''].join('\n');
    expect(first).toEqual({ code: 0, stdout: output, stderr: '' });

    // its idempotency key: a second run finds the same job
    await expect(run(NODE, ['example.js'], { cwd: consumer, env })).resolves.toEqual({ code: 0, stdout: output, stderr: '' });
  });
});
