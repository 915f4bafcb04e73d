import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readFile, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ClaimqProcess, ensureBuilt } from '../support/processes';
import { deletePrefixedKeys, TEST_REDIS_URL } from '../support/redis-store-harness';
import { createRedisClient } from '../../src/modules/queue/redis/redis-connection';

const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples', 'embedded-app');

/**
 * examples/embedded-app, built and run as its README says: it imports only 'claimq' (here the
 * repository itself, as `npm install` of its file:../.. dependency would link it), compiles against
 * claimq's declarations, and runs a job of its own type through claimq's REST API in its own
 * process, once on the memory store and once on Redis.
 */
describe('examples/embedded-app: a NestJS app that embeds claimq through its public entry', () => {
  beforeAll(async () => {
    ensureBuilt();
    // what `npm install` makes of "claimq": "file:../..": a link to the package
    const link = join(EXAMPLE, 'node_modules', 'claimq');
    await mkdir(join(EXAMPLE, 'node_modules'), { recursive: true });
    if (!(await lstat(link).catch(() => undefined))) await symlink(ROOT, link, 'dir');
    await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(EXAMPLE, 'tsconfig.json')], { cwd: EXAMPLE }).catch(
      (err: { stdout?: string; stderr?: string }) => {
        throw new Error(`the example does not compile against claimq's public entry:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
      },
    );
  }, 180_000);

  it('imports nothing of claimq but its public entry', async () => {
    for (const file of ['app.module.ts', 'main.ts', 'invoice.handler.ts', 'batch.handler.ts']) {
      const source = await readFile(join(EXAMPLE, 'src', file), 'utf8');
      const claimqImports = [...source.matchAll(/from '(claimq[^']*)'/g)].map((m) => m[1]);
      expect(claimqImports.every((spec) => spec === 'claimq')).toBe(true);
    }
  });

  const stores: Array<{ name: string; env: () => Record<string, string>; cleanup?: (env: Record<string, string>) => Promise<void> }> = [
    { name: 'memory', env: () => ({}) },
    {
      name: 'redis',
      env: () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `cqt-example-${randomBytes(4).toString('hex')}` }),
      cleanup: async (env) => {
        const admin = createRedisClient(TEST_REDIS_URL);
        await deletePrefixedKeys(admin, env.REDIS_PREFIX);
        await admin.quit();
      },
    },
  ];

  for (const store of stores) {
    it(`runs a job of the app's own type on the ${store.name} store`, async () => {
      const env = store.env();
      const app = await ClaimqProcess.start({ ...env, LOG_LEVEL: 'warn' }, join(EXAMPLE, 'dist', 'main.js'));
      try {
        await app.waitForOutput(/embedded-app listening/);
        const base = `http://127.0.0.1:${app.port}`;
        const created = await fetch(`${base}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'invoice.render', queue: 'invoices', payload: { number: 'F-7', lines: 90 } }),
        });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        let job: { status: string; result?: unknown; queue?: string } = { status: 'unknown' };
        for (let i = 0; i < 400 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
          await new Promise((r) => setTimeout(r, 25));
          job = (await (await fetch(`${base}/jobs/${id}`)).json()) as typeof job;
        }
        expect(job).toMatchObject({ status: 'succeeded', queue: 'invoices', result: { number: 'F-7', pages: 3 } });
        // a graph that splits itself at run time: split adds 3 parts, merge waits on them and sums their results
        const graph = await fetch(`${base}/executions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jobs: [
              { key: 'split', type: 'batch.split', payload: { parts: 3 } },
              { key: 'merge', type: 'batch.merge', dependsOn: ['split'] },
            ],
          }),
        });
        expect(graph.status).toBe(201);
        const execution = (await graph.json()) as { id: string };
        let view: { execution: { status: string; total: number }; nodes: Array<{ key: string; id: string }> } | undefined;
        for (let i = 0; i < 400 && view?.execution.status !== 'succeeded'; i++) {
          await new Promise((r) => setTimeout(r, 25));
          view = (await (await fetch(`${base}/executions/${execution.id}/graph`)).json()) as typeof view;
        }
        expect(view?.execution).toMatchObject({ status: 'succeeded', total: 5 });
        const merge = (await (await fetch(`${base}/jobs/${view!.nodes.find((n) => n.key === 'merge')!.id}`)).json()) as { result: unknown; dependsOn: string[] };
        expect(merge).toMatchObject({ result: { parts: 3, rows: 60 }, dependsOn: ['split', 'part-0', 'part-1', 'part-2'] });
        // claimq's own checks answer inside the app
        const ready = await fetch(`${base}/health/ready`);
        expect(ready.status).toBe(200);
      } finally {
        // SIGTERM first (its workers drain); a process that has not gone 10 s later is killed
        const stopped = await Promise.race([app.stop('SIGTERM'), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
        if (stopped === undefined) await app.kill();
        await store.cleanup?.(env);
      }
    }, 60_000);
  }
});
