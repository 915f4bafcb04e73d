import { ClaimqProcess, ensureBuilt } from '../support/processes';

/** The process's output as JSON records; fails on any line that is not JSON. */
function records(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`log line is not JSON: ${line}`);
      }
    });
}

describe('logs (the built service, node dist/main.js)', () => {
  let proc: ClaimqProcess | undefined;

  beforeAll(() => ensureBuilt(), 120_000);
  afterEach(async () => {
    await proc?.kill();
  });

  it('writes one JSON line per request and routes Nest logs through pino, at LOG_LEVEL', async () => {
    proc = await ClaimqProcess.start({ LOG_LEVEL: 'info', JOB_STORE: 'memory', MODE: 'api' });
    await proc.waitForOutput(/claimq listening/);
    const base = `http://127.0.0.1:${proc.port}`;
    const created = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-logged-0123456789' },
      body: JSON.stringify({ type: 'secret.job', payload: { password: 'hunter2' } }),
    });
    expect(created.status).toBe(201);
    await fetch(`${base}/jobs/default-01NOSUCHJOB0000000000000`);
    await proc.waitForOutput(/01NOSUCHJOB/);
    await proc.stop();

    const lines = records(proc.log);
    const start = lines.find((r) => typeof r.msg === 'string' && r.msg.includes('claimq listening'));
    expect(start).toMatchObject({ level: 'info', context: 'Bootstrap', service: 'claimq' });

    const requests = lines.filter((r) => r.req !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 'info', req: { method: 'POST', url: '/jobs' }, res: { statusCode: 201 }, durationMs: expect.any(Number) });
    expect(requests[1]).toMatchObject({ level: 'warn', req: { method: 'GET' }, res: { statusCode: 404 } });
    expect(proc.log).not.toContain('hunter2');
    expect(proc.log).not.toContain('not-logged-0123456789');
  });

  it('warns at start when it listens beyond loopback with no API key', async () => {
    proc = await ClaimqProcess.start({ LOG_LEVEL: 'warn', JOB_STORE: 'memory', MODE: 'api', HOST: '0.0.0.0' });
    await proc.waitForOutput(/no API_KEYS/);
    await proc.stop();
    const warning = records(proc.log).find((r) => String(r.msg).includes('no API_KEYS'));
    expect(warning).toMatchObject({ level: 'warn', context: 'Bootstrap' });
  });
});
