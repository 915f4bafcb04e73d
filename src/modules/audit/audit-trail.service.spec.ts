import { Logger } from '@nestjs/common';
import { AuditEntry, AuditPage, MAX_AUDIT_DETAILS_BYTES, NewAuditEntry } from '../../domain/audit';
import { AuditStore, MemoryEngine } from '../queue';
import { AuditDatabase, AuditTrail } from './audit-trail.service';

const REFUSED = 'connect ECONNREFUSED 127.0.0.1:5432';

class RefusingAuditLog extends AuditStore implements AuditDatabase {
  async append(): Promise<AuditEntry> {
    throw new Error(REFUSED);
  }
  async list(): Promise<AuditPage> {
    throw new Error(REFUSED);
  }
  async oldest(): Promise<AuditEntry[]> {
    throw new Error(REFUSED);
  }
  async remove(): Promise<void> {
    throw new Error(REFUSED);
  }
  async appendMoved(): Promise<number> {
    throw new Error(REFUSED);
  }
}

/** PostgreSQL's part, in memory: the moved entries keep their time, each origin once (the unique index). */
class MemoryAuditDatabase implements AuditDatabase {
  readonly log = new MemoryEngine().audit;
  private readonly origins = new Set<string>();
  down = false;

  append(entry: NewAuditEntry): Promise<AuditEntry> {
    if (this.down) return Promise.reject(new Error(REFUSED));
    return this.log.append(entry);
  }
  list(limit: number, before?: number): Promise<AuditPage> {
    return this.log.list(limit, before);
  }
  async appendMoved(entries: AuditEntry[]): Promise<number> {
    if (this.down) throw new Error(REFUSED);
    let added = 0;
    for (const { id, ...entry } of entries) {
      const origin = `store:${id}:${entry.at}`;
      if (this.origins.has(origin)) continue;
      this.origins.add(origin);
      await this.log.append(entry);
      added++;
    }
    return added;
  }
}

const entry = (overrides: Partial<NewAuditEntry> = {}): NewAuditEntry => ({ at: 1_700_000_000_000, keyId: 'k_0123456789ab', action: 'queue.pause', target: 'queue:q', ...overrides });

describe('AuditTrail', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes to PostgreSQL when history is on, and reads from there', async () => {
    const store = new MemoryEngine();
    const postgres = new MemoryAuditDatabase();
    const trail = new AuditTrail(store.audit, postgres);
    await trail.record(entry());
    await expect(postgres.list(10)).resolves.toMatchObject({ items: [{ action: 'queue.pause' }] });
    await expect(store.audit.list(10)).resolves.toEqual({ items: [], nextCursor: null });
    await expect(trail.list(10)).resolves.toMatchObject({ items: [{ target: 'queue:q' }] });
  });

  it('logs an error and records in the job store when PostgreSQL refuses the entry', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const store = new MemoryEngine();
    await new AuditTrail(store.audit, new RefusingAuditLog()).record(entry());
    await expect(store.audit.list(10)).resolves.toMatchObject({ items: [{ action: 'queue.pause', keyId: 'k_0123456789ab' }] });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/PostgreSQL did not take queue.pause queue:q; recorded in the job store instead: .*ECONNREFUSED/));
  });

  it('moves the entries the job store took while PostgreSQL was down into it, oldest first, in batches, each once', async () => {
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const store = new MemoryEngine();
    const postgres = new MemoryAuditDatabase();
    const trail = new AuditTrail(store.audit, postgres);
    await trail.record(entry({ target: 'queue:before' }));
    postgres.down = true;
    for (let i = 0; i < 5; i++) await trail.record(entry({ at: 1_700_000_000_000 + i, target: `queue:q${i}` }));
    await expect(trail.moveFallback()).rejects.toThrow(/ECONNREFUSED/);
    // nothing leaves the store before PostgreSQL holds it
    await expect(store.audit.oldest(10)).resolves.toHaveLength(5);

    postgres.down = false;
    await Promise.all([trail.moveFallback(2), trail.moveFallback(2)]);
    await expect(trail.moveFallback(2)).resolves.toBe(2);
    await expect(trail.moveFallback(2)).resolves.toBe(1);
    await expect(trail.moveFallback(2)).resolves.toBe(0);
    const { items } = await trail.list(10);
    expect(items.map((e) => [e.target, e.at])).toEqual([
      ['queue:q4', 1_700_000_000_004],
      ['queue:q3', 1_700_000_000_003],
      ['queue:q2', 1_700_000_000_002],
      ['queue:q1', 1_700_000_000_001],
      ['queue:q0', 1_700_000_000_000],
      ['queue:before', 1_700_000_000_000],
    ]);
    await expect(store.audit.oldest(10)).resolves.toEqual([]);
  });

  it('has nothing to move with history off', async () => {
    const store = new MemoryEngine();
    const trail = new AuditTrail(store.audit, undefined);
    await trail.record(entry());
    expect(trail.hasFallback).toBe(false);
    await expect(trail.moveFallback()).resolves.toBe(0);
    await expect(store.audit.list(10)).resolves.toMatchObject({ items: [{ target: 'queue:q' }] });
  });

  it('logs and does not throw when no store takes the entry (the change is already made)', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(new AuditTrail(new RefusingAuditLog(), new RefusingAuditLog()).record(entry())).resolves.toBeUndefined();
    expect(logged).toHaveBeenLastCalledWith(expect.stringMatching(/queue.pause queue:q by k_0123456789ab was not recorded/));
  });

  it('replaces details larger than the limit by a note, keeping the entry small', async () => {
    const store = new MemoryEngine();
    const trail = new AuditTrail(store.audit, undefined);
    await trail.record(entry({ details: { big: 'x'.repeat(MAX_AUDIT_DETAILS_BYTES) } }));
    await trail.record(entry({ details: { groupConcurrency: 2 } }));
    const { items } = await store.audit.list(10);
    expect(items.map((e) => e.details)).toEqual([{ groupConcurrency: 2 }, { truncated: true }]);
  });
});
