import { AuditEntry, AuditPage, NewAuditEntry } from '../../../domain/audit';
import { auditPage, AuditStore } from '../audit-store';

/** The in-memory audit trail: a ring of the latest `maxEntries` entries, ids from 1. */
export class MemoryAuditLog extends AuditStore {
  private readonly ring: AuditEntry[] = [];
  /** Where the next entry goes once the ring is full (the oldest entry's place). */
  private head = 0;
  private lastId = 0;

  constructor(private readonly maxEntries: number) {
    super();
  }

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const recorded: AuditEntry = { id: String(++this.lastId), ...entry };
    if (this.ring.length < this.maxEntries) this.ring.push(recorded);
    else {
      this.ring[this.head] = recorded;
      this.head = (this.head + 1) % this.maxEntries;
    }
    return recorded;
  }

  async list(limit: number, before?: number): Promise<AuditPage> {
    // ids are consecutive: the entry with id `before - 1` is `lastId - (before - 1)` places from the newest
    const newest = before === undefined ? this.lastId : Math.min(before - 1, this.lastId);
    const oldest = this.lastId - this.ring.length + 1;
    const found: AuditEntry[] = [];
    for (let id = newest; id >= oldest && found.length <= limit; id--) found.push(this.at(id));
    return auditPage(found, limit);
  }

  /** The entry with `id`, which the ring holds (oldest <= id <= lastId). */
  private at(id: number): AuditEntry {
    const fromOldest = id - (this.lastId - this.ring.length + 1);
    return this.ring[(this.head + fromOldest) % this.ring.length];
  }
}
