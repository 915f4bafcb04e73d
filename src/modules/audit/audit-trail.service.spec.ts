import { Logger } from '@nestjs/common';
import { AuditEntry, AuditPage, MAX_AUDIT_DETAILS_BYTES, NewAuditEntry } from '../../domain/audit';
import { AuditStore, MemoryJobStore } from '../queue';
import { AuditTrail } from './audit-trail.service';

class RefusingAuditLog extends AuditStore {
  async append(): Promise<AuditEntry> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  }
  async list(): Promise<AuditPage> {
    throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
  }
}

const entry = (overrides: Partial<NewAuditEntry> = {}): NewAuditEntry => ({ at: 1_700_000_000_000, keyId: 'k_0123456789ab', action: 'queue.pause', target: 'queue:q', ...overrides });

describe('AuditTrail', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes to PostgreSQL when history is on, and reads from there', async () => {
    const store = new MemoryJobStore();
    const postgres = new MemoryJobStore().audit;
    const trail = new AuditTrail(store.audit, postgres);
    await trail.record(entry());
    await expect(postgres.list(10)).resolves.toMatchObject({ items: [{ action: 'queue.pause' }] });
    await expect(store.audit.list(10)).resolves.toEqual({ items: [], nextCursor: null });
    await expect(trail.list(10)).resolves.toMatchObject({ items: [{ target: 'queue:q' }] });
  });

  it('logs an error and records in the job store when PostgreSQL refuses the entry', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const store = new MemoryJobStore();
    await new AuditTrail(store.audit, new RefusingAuditLog()).record(entry());
    await expect(store.audit.list(10)).resolves.toMatchObject({ items: [{ action: 'queue.pause', keyId: 'k_0123456789ab' }] });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/PostgreSQL did not take queue.pause queue:q; recorded in the job store instead: .*ECONNREFUSED/));
  });

  it('logs and does not throw when no store takes the entry (the change is already made)', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(new AuditTrail(new RefusingAuditLog(), new RefusingAuditLog()).record(entry())).resolves.toBeUndefined();
    expect(logged).toHaveBeenLastCalledWith(expect.stringMatching(/queue.pause queue:q by k_0123456789ab was not recorded/));
  });

  it('replaces details larger than the limit by a note, keeping the entry small', async () => {
    const store = new MemoryJobStore();
    const trail = new AuditTrail(store.audit, undefined);
    await trail.record(entry({ details: { big: 'x'.repeat(MAX_AUDIT_DETAILS_BYTES) } }));
    await trail.record(entry({ details: { groupConcurrency: 2 } }));
    const { items } = await store.audit.list(10);
    expect(items.map((e) => e.details)).toEqual([{ groupConcurrency: 2 }, { truncated: true }]);
  });
});
