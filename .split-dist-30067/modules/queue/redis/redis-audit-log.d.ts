import { AuditEntry, AuditPage, NewAuditEntry } from '../../../domain/audit';
import { AuditStore } from '../audit-store';
import type { RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
type Append = (now: number, args: (string | number)[]) => Promise<unknown>;
type Call = <T>(op: () => Promise<T>) => Promise<T>;
/**
 * The Redis audit trail: one zset in AUDIT_KEY_SPACE's slot (audit-append.lua), members
 * '<id> <at> <json>' scored by id, so a page is one ZREVRANGEBYSCORE below the cursor.
 */
export declare class RedisAuditLog extends AuditStore {
    private readonly redis;
    private readonly keys;
    private readonly runAppend;
    private readonly call;
    private readonly maxEntries;
    constructor(redis: RedisClient, keys: RedisQueueKeys, runAppend: Append, call: Call, maxEntries: number);
    append(entry: NewAuditEntry): Promise<AuditEntry>;
    list(limit: number, before?: number): Promise<AuditPage>;
    oldest(limit: number): Promise<AuditEntry[]>;
    remove(ids: string[]): Promise<void>;
}
export {};
