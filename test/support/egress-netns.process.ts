/**
 * The real egress path (undici, the egress connector, the system resolver, a worker) for the
 * netns test: run with `node -r @swc-node/register` inside a network namespace that has only
 * loopback (test/e2e/egress-netns.e2e.spec.ts starts it so), where no packet can leave whatever
 * the code does. Boots claimq in-process on the memory store with MODE=all and the settings in
 * CLAIMQ_SETTINGS (JSON), enqueues an `http` job per URL in URLS (JSON) straight into the store
 * (past the API's enqueue check, so the worker's own check is what is tested), starts a loopback
 * server at LOOPBACK_PORT that answers 200, waits for every job to end, and prints one JSON line:
 * { results: { [url]: { status, attempts, lastError? } }, loopbackHits }.
 */
import 'reflect-metadata';
import { createServer } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { ClaimqModule } from '../../src/claimq.module';
import { isFinal, Job } from '../../src/domain/job';
import { normalizeJobSpec } from '../../src/domain/job-spec';
import { JobEngine } from '../../src/modules/queue/job-engine';

async function main(): Promise<void> {
  const urls = JSON.parse(process.env.URLS ?? '[]') as string[];
  const settings = JSON.parse(process.env.CLAIMQ_SETTINGS ?? '{}') as Record<string, string>;
  let loopbackHits = 0;
  const server = createServer((_req, res) => {
    loopbackHits++;
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(Number(process.env.LOOPBACK_PORT), '127.0.0.1', r));

  const app = await NestFactory.createApplicationContext(
    ClaimqModule.forRoot({ settings: { JOB_STORE: 'memory', MODE: 'all', QUEUES: 'q', LOG_LEVEL: 'silent', ...settings } }),
    { logger: false },
  );
  await app.init();
  const store = app.get(JobEngine);
  const now = Date.now();
  const jobs = urls.map((url) => normalizeJobSpec({ type: 'http', queue: 'q', payload: { url, method: 'GET' }, maxAttempts: 1, timeoutMs: 20_000 }, { now, maxPayloadBytes: 64 * 1024 }));
  await store.jobs.enqueue(jobs);

  const results: Record<string, Pick<Job, 'status' | 'attempts' | 'lastError'>> = {};
  const until = Date.now() + 40_000;
  for (const [i, job] of jobs.entries()) {
    let found = await store.admin.get(job.id);
    while (!found || !isFinal(found.status)) {
      if (Date.now() > until) throw new Error(`job for ${urls[i]} did not end: ${JSON.stringify(found)}`);
      await new Promise((r) => setTimeout(r, 20));
      found = await store.admin.get(job.id);
    }
    results[urls[i]] = { status: found.status, attempts: found.attempts, lastError: found.lastError };
  }
  await app.close();
  server.close();
  process.stdout.write(`${JSON.stringify({ results, loopbackHits })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
