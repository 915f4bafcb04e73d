import { AuditEntry, AuditPage, NewAuditEntry } from '../../../domain/audit';
import { auditPage, AuditStore } from '../audit-store';

/** The in-memory audit trail: the latest `maxEntries` entries in id order, ids from 1. */
export class MemoryAuditLog extends AuditStore {
  /** Oldest first; ids only grow, so this is also sorted by id. */
  private entries: AuditEntry[] = [];
  private lastId = 0;

  constructor(private readonly maxEntries: number) {
    super();
  }

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const recorded: AuditEntry = { id: String(++this.lastId), ...entry };
    this.entries.push(recorded);
    if (this.entries.length > this.maxEntries) this.entries.splice(0, this.entries.length - this.maxEntries);
    return recorded;
  }

  async list(limit: number, before?: number): Promise<AuditPage> {
    const end = before === undefined ? this.entries.length : this.firstAtOrAbove(before);
    const found: AuditEntry[] = [];
    for (let i = end - 1; i >= 0 && found.length <= limit; i--) found.push(this.entries[i]);
    return auditPage(found, limit);
  }

  async oldest(limit: number): Promise<AuditEntry[]> {
    return this.entries.slice(0, Math.max(0, limit));
  }

  async remove(ids: string[]): Promise<void> {
    const gone = new Set(ids);
    this.entries = this.entries.filter((e) => !gone.has(e.id));
  }

  /** The index of the first entry whose id is `id` or more (entries.length when none). */
  private firstAtOrAbove(id: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (Number(this.entries[mid].id) < id) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
