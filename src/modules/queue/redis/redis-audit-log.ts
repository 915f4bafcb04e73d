import { randomBytes } from 'node:crypto';
import { AuditEntry, AuditPage, NewAuditEntry } from '../../../domain/audit';
import { auditPage, AuditStore } from '../audit-store';
import type { RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';

type Append = (now: number, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;

/**
 * The Redis audit trail: one zset in AUDIT_KEY_SPACE's slot (audit-append.lua), members
 * '<id> <at> <json>' scored by id, so a page is one ZREVRANGEBYSCORE below the cursor.
 */
export class RedisAuditLog extends AuditStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: RedisQueueKeys,
    private readonly runAppend: Append,
    private readonly call: Call,
    private readonly maxEntries: number,
  ) {
    super();
  }

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const { at, ...rest } = entry;
    // the call id leads the JSON, so a resend of this very append finds its entry (audit-append.lua)
    const call = randomBytes(8).toString('hex');
    const id = await this.call(() => this.runAppend(at, [this.maxEntries, JSON.stringify({ call, ...rest }), call]));
    return { id: String(id), ...entry };
  }

  async list(limit: number, before?: number): Promise<AuditPage> {
    const count = Math.max(1, Math.floor(limit));
    const members = await this.call(() =>
      this.redis.zrevrangebyscore(this.keys.auditLog, before === undefined ? '+inf' : `(${before}`, '-inf', 'LIMIT', 0, count + 1),
    );
    return auditPage(members.map(decodeAuditMember), count);
  }

  async oldest(limit: number): Promise<AuditEntry[]> {
    if (limit < 1) return [];
    const members = await this.call(() => this.redis.zrange(this.keys.auditLog, 0, Math.floor(limit) - 1));
    return members.map(decodeAuditMember);
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    // members are scored by their id: one ZREMRANGEBYSCORE each, in one slot, in one MULTI
    await this.call(() => {
      const multi = this.redis.multi();
      for (const id of ids) multi.zremrangebyscore(this.keys.auditLog, id, id);
      return multi.exec();
    });
  }
}

function decodeAuditMember(member: string): AuditEntry {
  const first = member.indexOf(' ');
  const second = member.indexOf(' ', first + 1);
  const fields = JSON.parse(member.slice(second + 1)) as Omit<AuditEntry, 'id' | 'at'>;
  const entry: AuditEntry = { id: member.slice(0, first), at: Number(member.slice(first + 1, second)), keyId: fields.keyId, action: fields.action, target: fields.target };
  if (fields.details !== undefined) entry.details = fields.details;
  return entry;
}
