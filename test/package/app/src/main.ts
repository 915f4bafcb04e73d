import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { configureApp } from 'claimq';
import { RootModule } from './root.module.js';

/**
 * Starts claimq inside this app on the memory store, sends one job of the app's own type through
 * claimq's REST API, waits for it to finish, and prints one JSON line with what it saw.
 */
async function main(): Promise<void> {
  const app = await NestFactory.create(RootModule, { bufferLogs: true });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  try {
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const created = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'greet', payload: { name: 'nest' } }),
    });
    const { id } = (await created.json()) as { id: string };
    let job: { status: string; result?: unknown } = { status: 'unknown' };
    for (let i = 0; i < 200 && !['succeeded', 'failed', 'cancelled'].includes(job.status); i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = (await (await fetch(`${base}/jobs/${id}`)).json()) as typeof job;
    }
    const format = typeof require === 'function' ? 'commonjs' : 'module';
    process.stdout.write(`${JSON.stringify({ format, created: created.status, status: job.status, result: job.result })}\n`);
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
