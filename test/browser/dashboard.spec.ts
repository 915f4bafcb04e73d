import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from '../support/processes';
import { seriousViolations } from './support/accessibility';
import { Browser, launchChromium, Page } from './support/chromium';
import { ClaimqService } from './support/claimq-service';

const KEY = 'dashboard-key-0123456789abcdef';
const READ_KEY = 'dashboard-read-only-0123456789';
const SCREENSHOTS = join(__dirname, '..', '..', 'docs', 'img');
/** Evaluated in the page (a string: this file is type-checked without the DOM library). */
const STORED_KEY = "window.sessionStorage.getItem('claimq.apiKey')";

/**
 * The dashboard in Debian's chromium against the real service (MODE=all on Redis, job history in
 * PostgreSQL, API_KEYS set), fed through the REST API with the built-in job types.
 */
describe('dashboard (/ui) in chromium', () => {
  let service: ClaimqService;
  let browser: Browser;
  const seeded = { failedJob: '', succeededJob: '', executionId: '', graphId: '' };

  beforeAll(async () => {
    ensureBuilt();
    service = await new ClaimqService({ queues: ['default', 'mail'], apiKeys: [KEY], readOnlyKeys: [READ_KEY], history: true, env: { WORKER_CONCURRENCY: '8' } }).start();
    browser = await launchChromium();
    await seed();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  /** Jobs in every state, a paused group, an execution, a schedule that fired: what the pages show. */
  async function seed(): Promise<void> {
    await service.api('PUT', '/queues/default/groups/tenant-b', { paused: true, concurrency: 2 });
    await service.api('PUT', '/queues/default/settings', { groupConcurrency: 4 });
    const done = await service.enqueueMany(Array.from({ length: 40 }, (_, i) => ({ type: 'noop', group: i % 2 ? 'tenant-a' : undefined })));
    seeded.succeededJob = done[0]!;
    const failed = await service.enqueueMany(Array.from({ length: 4 }, (_, i) => ({ type: 'sleep', payload: { ms: -1, attempt: i }, maxAttempts: 1 })));
    seeded.failedJob = failed[0]!;
    await service.enqueueMany(Array.from({ length: 3 }, () => ({ type: 'sleep', payload: { ms: 600_000 } })));
    await service.enqueueMany(Array.from({ length: 3 }, () => ({ type: 'noop', delayMs: 3_600_000 })));
    await service.enqueueMany(Array.from({ length: 5 }, () => ({ type: 'noop', group: 'tenant-b' })));
    await service.enqueueMany(Array.from({ length: 6 }, () => ({ type: 'noop', queue: 'mail' })));
    await service.enqueue({ type: 'noop', idempotencyKey: 'order-1234' });
    seeded.executionId = (await service.api<{ id: string }>('POST', '/executions', { jobs: Array.from({ length: 12 }, () => ({ type: 'noop' })) })).id;
    // a graph in every state a graph job can take: succeeded, failed, skipped, running, blocked
    seeded.graphId = (
      await service.api<{ id: string }>('POST', '/executions', {
        jobs: [
          { key: 'fetch', type: 'noop', queue: 'mail' },
          { key: 'parse', type: 'sleep', queue: 'mail', payload: { ms: -1 }, maxAttempts: 1, dependsOn: ['fetch'] },
          { key: 'index', type: 'noop', queue: 'mail', dependsOn: ['parse'], onParentFailure: 'skip' },
          { key: 'thumbs', type: 'noop', queue: 'mail', dependsOn: ['fetch'] },
          { key: 'publish', type: 'noop', queue: 'mail', dependsOn: ['thumbs', 'index'], onParentFailure: 'run' },
          { key: 'render', type: 'sleep', queue: 'mail', payload: { ms: 600_000 }, dependsOn: ['thumbs'] },
          { key: 'upload', type: 'noop', queue: 'mail', dependsOn: ['render', 'publish'] },
        ],
      })
    ).id;
    await service.api('PUT', '/schedules/nightly-report', { everyMs: 3_600_000, job: { type: 'noop', payload: { report: 'nightly' } } });
    await service.api('POST', '/schedules/nightly-report/trigger');
    await service.waitForJob(seeded.failedJob, 'failed');
    await service.waitForCounts('default', (c) => c.succeeded >= 54 && c.running === 3 && c.failed === 4);
  }

  /** A tab that has the key (as if typed into the prompt earlier in this tab). */
  async function pageWithKey(key = KEY): Promise<Page> {
    const page = await browser.newPage();
    await page.addInitScript({ content: `window.sessionStorage.setItem('claimq.apiKey', ${JSON.stringify(key)})` });
    return page;
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // no caret, no hover: the same pixels on every run
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SCREENSHOTS, `ui-${name}.png`), animations: 'disabled', caret: 'hide' });
  }

  it('asks for the API key, refuses a wrong one, keeps the right one for the tab, and forgets it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(service.dashboardUrl);
      const prompt = page.getByRole('dialog', { name: 'API key' });
      await prompt.waitFor();
      await prompt.getByLabel('API key').fill('not-the-key-0123456789');
      await prompt.getByRole('button', { name: 'Use key' }).click();
      await prompt.getByText('invalid API key').waitFor();

      await prompt.getByLabel('API key').fill(KEY);
      await prompt.getByRole('button', { name: 'Use key' }).click();
      await page.getByRole('heading', { name: 'Queue default' }).waitFor();
      expect(await prompt.count()).toBe(0);
      expect(await page.evaluate(STORED_KEY)).toBe(KEY);
      expect(await page.evaluate('document.cookie')).toBe('');

      // a reload in the same tab keeps the key; a deep link works
      await page.goto(`${service.dashboardUrl}#/jobs?queue=mail`);
      await page.getByRole('heading', { name: /Jobs in mail/ }).waitFor();
      expect(await page.getByRole('dialog', { name: 'API key' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Forget key' }).click();
      await page.getByRole('dialog', { name: 'API key' }).waitFor();
      expect(await page.evaluate(STORED_KEY)).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('renders every page with real data and no serious accessibility violation, and saves its screenshot', async () => {
    const page = await pageWithKey();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const visit = async (name: string, hash: string, ready: () => Promise<void>): Promise<void> => {
      await page.goto(`${service.dashboardUrl}${hash}`);
      await ready();
      expect({ page: name, violations: await seriousViolations(page) }).toEqual({ page: name, violations: [] });
      await screenshot(page, name);
    };
    try {
      await visit('overview', '#/overview', async () => {
        await page.getByRole('heading', { name: 'Queue default' }).waitFor();
        await page.getByRole('heading', { name: 'Queue mail' }).waitFor();
        await page.locator('.tile-succeeded .tile-value').first().filter({ hasText: /^[1-9]/ }).waitFor();
        await page.locator('.chart-box canvas').first().waitFor();
        await page.getByText(/last 15 min: [1-9][0-9]* succeeded, 4 failed/).first().waitFor();
      });

      await visit('jobs', '#/jobs?queue=default&status=failed', async () => {
        await page.getByRole('link', { name: seeded.failedJob }).waitFor();
        expect(await page.locator('tbody tr').count()).toBe(4);
      });

      await visit('job', `#/jobs/${seeded.failedJob}`, async () => {
        await page.getByRole('heading', { name: `Job ${seeded.failedJob}` }).waitFor();
        await page.getByRole('heading', { name: 'Last error' }).waitFor();
        await page.getByText('sleep job payload must be').first().waitFor();
        // the error's stack, kept with the job (lastErrorStack)
        await page.getByText(/at BuiltinJobHandlers\.sleep/).waitFor();
        await page.locator('.timeline li').first().waitFor();
        await page.getByRole('button', { name: 'Retry' }).waitFor();
      });

      await visit('executions', '#/executions?queue=default', () => page.getByRole('link', { name: seeded.executionId }).waitFor());

      await visit('execution', `#/executions/${seeded.executionId}`, async () => {
        await page.getByRole('heading', { name: `Execution ${seeded.executionId}` }).waitFor();
        await page.getByRole('progressbar').first().waitFor();
        expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
      });

      await visit('execution-graph', `#/executions/${seeded.graphId}`, async () => {
        const node = (key: string) => page.locator(`[data-testid=execution-graph] [data-key="${key}"]`);
        for (const [key, status] of [['fetch', 'succeeded'], ['parse', 'failed'], ['index', 'skipped'], ['publish', 'succeeded'], ['upload', 'blocked']]) {
          await node(key).and(page.locator(`[data-status=${status}]`)).waitFor();
        }
        // a 10-minute sleep: running, or pending while the worker's slots are taken
        await node('render').and(page.locator('[data-status=running], [data-status=pending]')).waitFor();
      });
      // live: the drawing follows the jobs without a reload (a blocked job cancelled through the API)
      const upload = (await service.api<{ nodes: Array<{ id: string; key: string }> }>('GET', `/executions/${seeded.graphId}/graph`)).nodes.find((n) => n.key === 'upload')!;
      await service.api('POST', `/jobs/${upload.id}/cancel`);
      await page.locator('[data-testid=execution-graph] [data-key="upload"][data-status=cancelled]').waitFor();

      await visit('workers', '#/workers', () => page.getByRole('heading', { name: 'Live worker processes (1)' }).waitFor());

      await visit('schedules', '#/schedules', async () => {
        await page.getByRole('link', { name: 'nightly-report' }).waitFor();
      });

      await visit('schedule', '#/schedules/nightly-report', async () => {
        await page.getByRole('heading', { name: 'Latest runs' }).waitFor();
        await page.getByRole('cell', { name: 'triggered' }).waitFor();
      });

      await visit('groups', '#/groups?queue=default', async () => {
        await page.getByRole('cell', { name: 'tenant-b', exact: true }).waitFor();
        await page.getByText('4 per group').waitFor();
      });

      await visit('audit', '#/audit', () => page.getByRole('cell', { name: 'schedule.trigger' }).waitFor());

      // every action asks first, in a dialog the keyboard can leave
      await page.goto(`${service.dashboardUrl}#/jobs/${seeded.failedJob}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Retry this job?' });
      await confirm.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("watches a running job on its page through the job's event stream: its cancel and its end show as they happen", async () => {
    const id = await service.enqueue({ type: 'sleep', queue: 'mail', payload: { ms: 600_000 } });
    await service.waitForJob(id, 'running');
    const page = await pageWithKey();
    try {
      await page.goto(`${service.dashboardUrl}#/jobs/${id}`);
      await page.getByRole('status', { name: 'live: changes show as they happen' }).waitFor();
      await service.api('POST', `/jobs/${id}/cancel`);
      // rows only the stream brings: polling reads the job, not its changes
      const changes = page.getByRole('table', { name: 'live changes of the job' });
      await changes.getByRole('cell', { name: 'cancel_requested', exact: true }).waitFor();
      await changes.getByRole('cell', { name: 'cancelled', exact: true }).first().waitFor();
      await page.locator('.card .badge-cancelled').first().waitFor();
      await screenshot(page, 'job-live');
    } finally {
      await page.close();
    }
  }, 60_000);

  it("watches a job's progress bar move and its log lines arrive on its page, from the job's event stream", async () => {
    const id = await service.enqueue({ type: 'sleep', queue: 'mail', payload: { ms: 6_000, steps: 6 } });
    const page = await pageWithKey();
    try {
      await page.goto(`${service.dashboardUrl}#/jobs/${id}`);
      await page.getByRole('status', { name: 'live: changes show as they happen' }).waitFor();
      await page.getByRole('progressbar', { name: 'progress 50%' }).waitFor();
      await page.getByText('step 3 of 6').waitFor();
      await screenshot(page, 'job-progress');
      await page.getByRole('progressbar', { name: 'progress 100%' }).waitFor();
      await page.getByText('step 6 of 6').waitFor();
      await page.locator('.card .badge-succeeded').first().waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);

  it('shows a read-only key everything and hides every action button; the API refuses its writes', async () => {
    const page = await pageWithKey(READ_KEY);
    try {
      await page.goto(`${service.dashboardUrl}#/jobs/${seeded.failedJob}`);
      await page.getByText('read-only', { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Last error' }).waitFor();
      for (const hash of [`#/jobs/${seeded.failedJob}`, '#/jobs?queue=default&status=failed', '#/schedules/nightly-report', '#/groups?queue=default', `#/executions/${seeded.executionId}`]) {
        await page.goto(`${service.dashboardUrl}${hash}`);
        await page.locator('.card').first().waitFor();
        await page.getByText('read-only', { exact: true }).waitFor();
        // the only buttons left are the session's and the filters'
        const buttons = await page.locator('main button:not([disabled])').allInnerTexts();
        expect({ hash, buttons: buttons.filter((b) => !['Filter', 'Open', 'Find'].includes(b.trim())) }).toEqual({ hash, buttons: [] });
      }
      // what the page hides, the API refuses: the same REST call the Retry button makes
      const refused = await fetch(`${service.url}/jobs/${seeded.failedJob}/retry`, { method: 'POST', headers: { authorization: `Bearer ${READ_KEY}` } });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([403, 'forbidden']);
      await expect(service.api('GET', `/jobs/${seeded.failedJob}`)).resolves.toMatchObject({ status: 'failed' });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('opens /docs in the browser with keys on: Authorize keeps the key for the tab, Try it out sends it', async () => {
    const page = await browser.newPage();
    /** Runs GET /whoami through the page's Try it out; its status as the page shows it. */
    const tryWhoami = async (): Promise<string> => {
      const op = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/whoami$/ }) });
      // a reload of the page's deep link opens the operation by itself
      const control = op.locator('.opblock-summary-control');
      await control.waitFor();
      if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
      const tryOut = op.locator('button.try-out__btn', { hasText: 'Try it out' });
      await tryOut.or(op.getByRole('button', { name: 'Execute' })).first().waitFor();
      if ((await tryOut.count()) > 0) await tryOut.click();
      await op.getByRole('button', { name: 'Execute' }).click();
      const status = op.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor();
      return (await status.innerText()).trim();
    };
    try {
      const docs = await page.goto(`${service.url}/docs`);
      expect(docs?.status()).toBe(200);
      await page.getByRole('button', { name: /Authorize/ }).first().click();
      const dialog = page.locator('.dialog-ux');
      await dialog.locator('input').first().fill(KEY);
      // swagger-ui's own buttons (their accessible names vary between its versions)
      await dialog.locator('button.modal-btn.authorize').click();
      await dialog.locator('button.modal-btn.btn-done').click();
      expect(await tryWhoami()).toMatch(/^200/);
      // kept for this tab only: sessionStorage, nothing in localStorage, no cookie
      expect(await page.evaluate("window.sessionStorage.getItem('claimq.docs.authorized')")).toContain(KEY);
      expect(await page.evaluate('window.localStorage.length')).toBe(0);
      expect(await page.evaluate('document.cookie')).toBe('');
      // a reload keeps it
      await page.reload();
      expect(await tryWhoami()).toMatch(/^200/);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('serves its files without a key: index.html revalidated, hashed assets cached for good', async () => {
    const index = await fetch(service.dashboardUrl);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await index.text();
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${service.dashboardUrl}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // /ui without the slash lands on the page; the API itself still wants the key
    const bare = await fetch(`${service.url}/ui`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/ui/']);
    expect((await fetch(`${service.url}/queues`)).status).toBe(401);
  });
});
