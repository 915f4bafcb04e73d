import { join } from 'node:path';
import { ensureBuilt } from '../support/processes';
import { RouteServer, startRouteServer } from '../support/loopback-http';
import { waitFor } from '../support/wait-for';
import { Browser, launchChromium, Page } from './support/chromium';
import { ClaimqService, StartedWorker } from './support/claimq-service';

const SCREENSHOTS = join(__dirname, '..', '..', 'docs', 'img');

interface JobView {
  id: string;
  status: string;
  attempts: number;
  workerId?: string;
}
interface WorkersView {
  live: { id: string }[];
  dead: { id: string; queue: string; requeued: number; jobIds: string[] }[];
}

/**
 * What an operator does in the dashboard, clicked through in Debian's chromium against the real
 * service: an API process (MODE=api, which also runs the reaper) and worker processes of their
 * own (MODE=worker), on Redis. Heartbeats every 300 ms and WORKER_DEAD_MS of 2 s, so a killed
 * worker is declared dead within seconds.
 */
describe('dashboard (/ui) operations in chromium', () => {
  let service: ClaimqService;
  let browser: Browser;
  let downstream: RouteServer;
  let first: StartedWorker;
  /** What the downstream endpoint of the http jobs answers: 500 until the "fix" is deployed. */
  let downstreamStatus = 500;

  beforeAll(async () => {
    ensureBuilt();
    downstream = await startRouteServer();
    downstream.routes.set('/hook', (_req, _body, res) => res.writeHead(downstreamStatus, { 'content-type': 'application/json' }).end('{}'));
    service = await new ClaimqService({
      mode: 'api',
      env: { HEARTBEAT_MS: '300', WORKER_DEAD_MS: '2000', REAPER_INTERVAL_MS: '300', WORKER_CONCURRENCY: '4', HTTP_EGRESS_ALLOW: '127.0.0.1' },
    }).start();
    first = await service.startWorker();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await downstream?.close();
  });

  async function open(hash: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${service.dashboardUrl}${hash}`);
    return page;
  }

  const job = (id: string) => service.api<JobView>('GET', `/jobs/${id}`);

  /** Clicks a button that opens a confirm dialog, then the dialog's confirm button. */
  async function confirmAction(page: Page, button: string, dialog: string, confirm = button): Promise<void> {
    await page.getByRole('button', { name: button, exact: true }).click();
    const asked = page.getByRole('alertdialog', { name: dialog });
    await asked.waitFor();
    await asked.getByRole('button', { name: confirm, exact: true }).click();
    await asked.waitFor({ state: 'detached' });
  }

  it('is served where the API runs: a worker process (MODE=worker) answers /ui with 404', async () => {
    const worker = `http://127.0.0.1:${first.process.port}`;
    expect((await fetch(`${worker}/health/live`)).status).toBe(200);
    expect((await fetch(`${worker}/ui/`)).status).toBe(404);
    expect((await fetch(service.dashboardUrl)).status).toBe(200);
  });

  it('retries a failed job from its page, and it runs again and succeeds', async () => {
    const id = await service.enqueue({ type: 'http', maxAttempts: 1, payload: { url: `${downstream.base}/hook`, method: 'POST' } });
    await service.waitForJob(id, 'failed');
    const hitsBefore = downstream.hits.length;
    downstreamStatus = 200; // the downstream is fixed; the operator retries
    const page = await open(`#/jobs/${id}`);
    try {
      await page.getByRole('heading', { name: 'Last error' }).waitFor();
      await confirmAction(page, 'Retry', 'Retry this job?');
      // the page follows the job live, without a reload, to its new end
      await page.locator('.badge-succeeded').first().waitFor({ timeout: 30_000 });
      await expect(job(id)).resolves.toMatchObject({ status: 'succeeded', attempts: 1 });
      expect(downstream.hits.length).toBe(hitsBefore + 1);
      // the audit trail has the click as its REST call
      const audit = await service.api<{ items: { action: string; target: string }[] }>('GET', '/audit?limit=5');
      expect(audit.items).toContainEqual(expect.objectContaining({ action: 'job.retry', target: `job:${id}` }));
    } finally {
      await page.close();
      downstreamStatus = 500;
    }
  }, 90_000);

  it('runs a scheduled job now, and retries a filtered set of failed jobs in bulk with progress', async () => {
    const delayed = await service.enqueue({ type: 'noop', delayMs: 3_600_000 });
    let page = await open(`#/jobs/${delayed}`);
    try {
      await confirmAction(page, 'Run now', 'Run this job now?');
      await service.waitForJob(delayed, 'succeeded');
    } finally {
      await page.close();
    }

    const failing = await service.enqueueMany(Array.from({ length: 30 }, () => ({ type: 'http', maxAttempts: 1, payload: { url: `${downstream.base}/hook`, method: 'POST' } })));
    for (const id of failing) await service.waitForJob(id, 'failed');
    downstreamStatus = 200;
    page = await open('#/jobs?queue=default&status=failed');
    try {
      await page.getByRole('link', { name: failing[0] }).waitFor();
      await page.getByRole('button', { name: 'Retry all failed' }).click();
      const dialog = page.getByRole('alertdialog', { name: /Retry all failed jobs in default/ });
      await dialog.getByRole('button', { name: 'Retry all', exact: true }).click();
      await dialog.getByText(/Done\. Processed \d+, retried 30,/).waitFor({ timeout: 30_000 });
      for (const id of failing) await service.waitForJob(id, 'succeeded');
    } finally {
      await page.close();
      downstreamStatus = 500;
    }
  }, 120_000);

  it('moves the overview counters while jobs run, without reloading the page', async () => {
    const page = await open('#/overview');
    try {
      const succeeded = page.locator('.tile-succeeded .tile-value').first();
      await succeeded.waitFor();
      const before = Number((await succeeded.innerText()).replace(/[^0-9]/g, ''));
      await page.evaluate('window.__sameDocument = true');
      const running = page.locator('.tile-running .tile-value').first();
      // two jobs that hold their slots: the running counter goes up to 2 ...
      const holders = await service.enqueueMany(Array.from({ length: 2 }, () => ({ type: 'sleep', payload: { ms: 600_000 } })));
      await running.filter({ hasText: /^2$/ }).waitFor({ timeout: 30_000 });
      // ... the succeeded counter follows 40 short jobs ...
      const ids = await service.enqueueMany(Array.from({ length: 40 }, () => ({ type: 'sleep', payload: { ms: 20 } })));
      await waitFor(
        'the succeeded counter to count the 40 jobs',
        async () => Number((await succeeded.innerText()).replace(/[^0-9]/g, '')) >= before + ids.length || undefined,
        { timeoutMs: 30_000 },
      );
      // ... and running comes back to 0 once the two are cancelled
      for (const id of holders) await service.api('POST', `/jobs/${id}/cancel`);
      for (const id of holders) await service.waitForJob(id, 'cancelled');
      await running.filter({ hasText: /^0$/ }).waitFor({ timeout: 30_000 });
      expect(await page.evaluate('window.__sameDocument')).toBe(true);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('shows a SIGKILLed worker as dead with the jobs the reaper returned, which another worker then runs', async () => {
    // the long jobs go to the first worker alone: the second starts once it holds them all
    const ids = await service.enqueueMany(Array.from({ length: 3 }, () => ({ type: 'sleep', payload: { ms: 600_000 } })));
    for (const id of ids) await service.waitForJob(id, 'running');
    for (const id of ids) await expect(job(id)).resolves.toMatchObject({ workerId: first.id });
    const second = await service.startWorker();

    const page = await open('#/workers');
    try {
      await page.getByRole('heading', { name: 'Live worker processes (2)' }).waitFor({ timeout: 30_000 });
      await page.getByRole('cell', { name: first.id }).first().waitFor();

      await first.process.stop('SIGKILL');
      // the page, polling, shows the reaper's verdict: the worker, its queue, the 3 jobs it returned
      const dead = page.getByRole('table', { name: 'workers declared dead' }).getByRole('row').filter({ hasText: first.id });
      await dead.waitFor({ timeout: 30_000 });
      await expect(dead.getByRole('cell').nth(5).innerText()).resolves.toBe('3');
      await page.getByRole('heading', { name: 'Live worker processes (1)' }).waitFor({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(SCREENSHOTS, 'ui-workers-dead.png'), animations: 'disabled', caret: 'hide' });

      const workers = await service.api<WorkersView>('GET', '/workers');
      expect(workers.live.map((w) => w.id)).toEqual([second.id]);
      expect(workers.dead).toContainEqual(expect.objectContaining({ id: first.id, queue: 'default', requeued: 3, jobIds: expect.arrayContaining(ids) }));
      // the returned jobs run again, on the worker left
      for (const id of ids) {
        await waitFor(`job ${id} running on ${second.id}`, async () => {
          const j = await job(id);
          return j.status === 'running' && j.workerId === second.id ? j : undefined;
        });
      }
    } finally {
      await page.close();
    }
  }, 120_000);
});
