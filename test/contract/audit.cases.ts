import { AuditEntry, NewAuditEntry } from '../../src/domain/audit';
import { DEFAULT_AUDIT_MAX_ENTRIES } from '../../src/modules/queue/audit-store';
import { JobEngine } from '../../src/modules/queue/job-engine';
import { StoreHarness } from './store-harness';

/** Filling the log to its default cap sends 10,000 appends (pipelined in batches on Redis). */
const AT_CAP_MS = 60_000;

function entry(h: StoreHarness, i: number, overrides: Partial<NewAuditEntry> = {}): NewAuditEntry {
  return { at: h.clock.now(), keyId: 'k_0123456789ab', action: 'job.cancel', target: `job:${i}`, ...overrides };
}

/** Every entry of the log, newest first, a page of `limit` at a time. */
async function readAll(store: JobEngine, limit: number): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await store.audit.list(limit, before);
    all.push(...page.items);
    if (page.nextCursor === null) return all;
    before = Number(page.nextCursor);
  }
}

async function appendMany(store: JobEngine, h: StoreHarness, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, from + count - i) }, (_, j) => store.audit.append(entry(h, i + j))));
  }
}

/** The audit trail every JobEngine carries (audit-store.ts): ids that grow, pages newest first, a cap. */
export function describeAuditCases(current: () => StoreHarness): void {
  describe('audit trail', () => {
    it('records entries under growing ids with their time and details, and reads them back newest first', async () => {
      const h = current();
      const first = await h.store.audit.append(entry(h, 1, { details: { groupConcurrency: 3, rateLimit: null } }));
      h.clock.advance(1_000);
      const second = await h.store.audit.append(entry(h, 2, { keyId: null, action: 'schedule.put', target: 'schedule:nightly' }));
      expect(Number(second.id)).toBeGreaterThan(Number(first.id));
      expect(second).toEqual({ id: second.id, at: h.clock.now(), keyId: null, action: 'schedule.put', target: 'schedule:nightly' });
      await expect(h.store.audit.list(10)).resolves.toEqual({ items: [second, first], nextCursor: null });
      expect(first.details).toEqual({ groupConcurrency: 3, rateLimit: null });
    });

    it('reads an empty log as an empty page', async () => {
      await expect(current().store.audit.list(50)).resolves.toEqual({ items: [], nextCursor: null });
    });

    it('pages newest first with a cursor, each entry once, and ends with a null cursor', async () => {
      const h = current();
      await appendMany(h.store, h, 7);
      const page = await h.store.audit.list(3);
      expect(page.items.map((e) => e.target)).toEqual(['job:6', 'job:5', 'job:4']);
      expect(page.nextCursor).toBe(page.items[2].id);
      // an entry recorded while paging lands before the first page, not in the next one
      await h.store.audit.append(entry(h, 99));
      const next = await h.store.audit.list(3, Number(page.nextCursor));
      expect(next.items.map((e) => e.target)).toEqual(['job:3', 'job:2', 'job:1']);
      const last = await h.store.audit.list(3, Number(next.nextCursor));
      expect(last).toEqual({ items: [expect.objectContaining({ target: 'job:0' })], nextCursor: null });
      expect((await readAll(h.store, 2)).map((e) => e.target)).toEqual(['job:99', 'job:6', 'job:5', 'job:4', 'job:3', 'job:2', 'job:1', 'job:0']);
    });

    it('gives its oldest entries oldest first and removes entries by id (what AuditTrail moves to PostgreSQL)', async () => {
      const h = current();
      await appendMany(h.store, h, 5);
      await expect(h.store.audit.oldest(0)).resolves.toEqual([]);
      const oldest = await h.store.audit.oldest(3);
      expect(oldest.map((e) => e.target)).toEqual(['job:0', 'job:1', 'job:2']);
      expect(oldest[0]).toEqual({ id: oldest[0].id, at: h.clock.now(), keyId: 'k_0123456789ab', action: 'job.cancel', target: 'job:0' });
      // an id it does not hold is skipped; removing twice changes nothing more
      await h.store.audit.remove([...oldest.map((e) => e.id), '999999']);
      await h.store.audit.remove(oldest.map((e) => e.id));
      await expect(h.store.audit.oldest(10)).resolves.toMatchObject([{ target: 'job:3' }, { target: 'job:4' }]);
      const next = await h.store.audit.append(entry(h, 5));
      expect(Number(next.id)).toBeGreaterThan(Number(oldest[2].id) + 2);
      expect((await readAll(h.store, 1)).map((e) => e.target)).toEqual(['job:5', 'job:4', 'job:3']);
      await h.store.audit.remove([]);
      await expect(h.store.audit.list(10, Number(next.id))).resolves.toMatchObject({ items: [{ target: 'job:4' }, { target: 'job:3' }], nextCursor: null });
    });

    it('keeps the latest entries up to its cap, dropping the oldest', async () => {
      const h = current();
      const store = await h.storeWith({ auditMaxEntries: 3 });
      await appendMany(store, h, 5);
      expect((await readAll(store, 2)).map((e) => e.target)).toEqual(['job:4', 'job:3', 'job:2']);
      await store.audit.append(entry(h, 5));
      expect((await readAll(store, 10)).map((e) => e.target)).toEqual(['job:5', 'job:4', 'job:3']);
    });

    it(`holds ${DEFAULT_AUDIT_MAX_ENTRIES} entries by default and drops the oldest past that`, { timeout: AT_CAP_MS }, async () => {
      const h = current();
      await appendMany(h.store, h, DEFAULT_AUDIT_MAX_ENTRIES);
      let all = await readAll(h.store, 500);
      expect(all).toHaveLength(DEFAULT_AUDIT_MAX_ENTRIES);
      expect([all[0].target, all[all.length - 1].target]).toEqual([`job:${DEFAULT_AUDIT_MAX_ENTRIES - 1}`, 'job:0']);
      await appendMany(h.store, h, 2, DEFAULT_AUDIT_MAX_ENTRIES);
      all = await readAll(h.store, 500);
      expect(all).toHaveLength(DEFAULT_AUDIT_MAX_ENTRIES);
      expect([all[0].target, all[all.length - 1].target]).toEqual([`job:${DEFAULT_AUDIT_MAX_ENTRIES + 1}`, 'job:2']);
      expect(new Set(all.map((e) => e.id)).size).toBe(DEFAULT_AUDIT_MAX_ENTRIES);
    });
  });
}
