/**
 * npm run bench:body: requests at MAX_BODY_BYTES (the default 16 MiB, or BENCH_BODY_BYTES) against one claimq process
 * (node dist/main.js, MODE=api). Cases: a body at the limit whose payload is one array of numbers
 * (refused 413 from the byte scan), and an execution of 10,000 jobs filling the limit (accepted,
 * memory store and Redis store). Each case 3 times on a fresh process; medians. One JSON line per
 * case: time to the answer, peak RSS over idle (as a multiple of the body), and the worst
 * /health/live answer time while the request was being handled.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import Redis from 'ioredis';
import { ClaimqProcess, ensureBuilt } from '../test/support/processes';
import { RedisServer } from '../test/support/redis-server';
import { machineDescription } from './machine';

/** MAX_BODY_BYTES: the default unless BENCH_BODY_BYTES says otherwise. */
const LIMIT = Number(process.env.BENCH_BODY_BYTES ?? 16 * 1024 * 1024);
const ROUNDS = 3;

function rssBytes(pid: number): number {
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) * 1024;
  } catch {
    return 0;
  }
}

function arrayBody(): string {
  const head = '{"type":"noop","payload":[';
  const items = Math.floor((LIMIT - head.length - 2 + 1) / 2);
  return `${head}${'1,'.repeat(items - 1)}1]}`;
}

function executionBody(): string {
  const perJob = Math.floor(LIMIT / 10_000) - 40;
  const payload = 'x'.repeat(perJob);
  return JSON.stringify({ jobs: Array.from({ length: 10_000 }, () => ({ type: 'noop', payload })) });
}

interface Run {
  status: number;
  ms: number;
  peakOverIdle: number;
  worstLiveMs: number;
}

async function once(env: Record<string, string>, path: string, body: string): Promise<Run> {
  const proc = await ClaimqProcess.start({ MODE: 'api', LOG_LEVEL: 'warn', MAX_BODY_BYTES: String(LIMIT), ...env });
  try {
    await proc.waitForOutput(/listening on|"level":"warn"/).catch(() => undefined);
    const base = `http://127.0.0.1:${proc.port}`;
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`${base}/health/live`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const pid = proc.pid!;
    const idle = rssBytes(pid);
    let peak = idle;
    let worstLive = 0;
    let done = false;
    const monitor = (async () => {
      while (!done) {
        peak = Math.max(peak, rssBytes(pid));
        const t = performance.now();
        await fetch(`${base}/health/live`).catch(() => undefined);
        worstLive = Math.max(worstLive, performance.now() - t);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.text();
    const ms = performance.now() - t0;
    peak = Math.max(peak, rssBytes(pid));
    done = true;
    await monitor;
    return { status: res.status, ms, peakOverIdle: (peak - idle) / Buffer.byteLength(body), worstLiveMs: worstLive };
  } finally {
    await proc.kill();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  ensureBuilt();
  const redis = await RedisServer.start();
  const admin = new Redis(redis.port, '127.0.0.1');
  try {
    const machine = await machineDescription(admin);
    const cases: Array<[string, Record<string, string>, string, string]> = [
      ['refused: one payload array at the body limit', {}, '/jobs', arrayBody()],
      ['accepted: execution of 10,000 jobs at the body limit (memory)', {}, '/executions', executionBody()],
      ['accepted: execution of 10,000 jobs at the body limit (redis)', { JOB_STORE: 'redis', REDIS_URL: redis.url, REDIS_PREFIX: 'bench-body' }, '/executions', executionBody()],
    ];
    for (const [name, env, path, body] of cases) {
      const runs: Run[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        await admin.flushall();
        runs.push(await once(env, path, body));
      }
      const line = {
        bench: 'body',
        case: name,
        body_bytes: Buffer.byteLength(body),
        status: runs.map((r) => r.status),
        answer_ms: Math.round(median(runs.map((r) => r.ms))),
        peak_rss_over_idle_x_body: Number(median(runs.map((r) => r.peakOverIdle)).toFixed(2)),
        worst_live_ms: Math.round(median(runs.map((r) => r.worstLiveMs))),
        rounds: ROUNDS,
        machine,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    admin.disconnect();
    await redis.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:body failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exitCode = 1;
});
