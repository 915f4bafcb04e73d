import { InvalidJobSpecError } from '../../src/domain/errors';
import { ExecutionRecord } from '../../src/domain/execution';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { QUEUE } from './contract-fixtures';
import { createExecution, drainRefresh } from './execution-fixtures';
import { StoreHarness } from './store-harness';

const RETENTION_MS = 60_000;

/** Pages through the queue's executions to the end, `limit` a page; every page's ids. */
async function listPages(store: JobEngine, limit: number, queue = QUEUE): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 1_000; n++) {
    const page = await store.executions.list(queue, limit, cursor);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.items.map((e) => e.id));
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('listing did not end');
}

/** `n` executions of one job each, the clock moved 1 s before each: oldest first. */
async function executions(h: StoreHarness, n: number): Promise<ExecutionRecord[]> {
  const out: ExecutionRecord[] = [];
  for (let i = 0; i < n; i++) {
    h.clock.advance(1_000);
    out.push(await createExecution(h, [{}]));
  }
  return out;
}

export function describeExecutionListingCases(current: () => StoreHarness): void {
  describe('listing executions', () => {
    it('lists a queue\'s executions newest first, paged, each as getExecution reads it', async () => {
      const h = current();
      const created = await executions(h, 5);
      const pages = await listPages(h.store, 2);
      expect(pages).toEqual([
        [created[4].id, created[3].id],
        [created[2].id, created[1].id],
        [created[0].id],
      ]);
      const { items } = await h.store.executions.list(QUEUE, 10);
      expect(items).toEqual(await Promise.all(created.reverse().map(async (e) => (await h.store.executions.get(e.id))!)));
      expect(items[0]).toMatchObject({ queue: QUEUE, total: 1, counts: { pending: 1 } });
    });

    it('ends with a null cursor on a full last page, and lists nothing for a queue without executions', async () => {
      const h = current();
      const created = await executions(h, 2);
      await expect(h.store.executions.list(QUEUE, 2)).resolves.toMatchObject({ items: [{ id: created[1].id }, { id: created[0].id }], nextCursor: null });
      await expect(h.store.executions.list('other', 10)).resolves.toEqual({ items: [], nextCursor: null });
    });

    it('lists executions created in the same millisecond once each, by id descending', async () => {
      const h = current();
      const created: string[] = [];
      for (let i = 0; i < 7; i++) created.push((await createExecution(h, [{}])).id);
      const pages = await listPages(h.store, 3);
      expect(pages.flat()).toEqual([...created].sort().reverse());
    });

    it('pages on exactly while executions are trimmed and created between pages', async () => {
      const h = current();
      const [a, b, c, d] = await executions(h, 4);
      const first = await h.store.executions.list(QUEUE, 2);
      expect(first.items.map((e) => e.id)).toEqual([d.id, c.id]);
      // c, the execution the cursor stopped at, and a leave the store; e is new
      await h.store.executions.cancel(c.id);
      await h.store.executions.cancel(a.id);
      await drainRefresh(h.store);
      h.clock.advance(RETENTION_MS + 1);
      await expect(h.store.executions.trim(QUEUE, RETENTION_MS, 10)).resolves.toBe(2);
      const e = (await executions(h, 1))[0];
      await expect(h.store.executions.list(QUEUE, 2, first.nextCursor!)).resolves.toMatchObject({ items: [{ id: b.id }], nextCursor: null });
      expect(await listPages(h.store, 2)).toEqual([[e.id, d.id], [b.id]]);
    });

    it('lists what retention left: a trimmed execution is no longer listed', async () => {
      const h = current();
      const [a, b] = await executions(h, 2);
      await h.store.executions.cancel(b.id);
      await drainRefresh(h.store);
      h.clock.advance(RETENTION_MS + 1);
      await h.store.executions.trim(QUEUE, RETENTION_MS, 10);
      await expect(h.store.executions.list(QUEUE, 10)).resolves.toMatchObject({ items: [{ id: a.id }], nextCursor: null });
    });

    it('refuses a cursor it did not return, naming the cursor', async () => {
      const h = current();
      for (const cursor of ['nope', 'x', 'x' + Buffer.from('[1]').toString('base64url'), 'e10']) {
        await expect(h.store.executions.list(QUEUE, 10, cursor)).rejects.toMatchObject(new InvalidJobSpecError('cursor', 'is not a cursor this store returned'));
      }
    });
  });
}
