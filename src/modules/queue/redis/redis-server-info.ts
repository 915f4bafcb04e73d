import type { Cluster, Redis } from 'ioredis';

/** Scripts carry `#!lua` flags (allow-oom, no-writes), which Redis understands from 7.0. */
export const MIN_REDIS_VERSION = '7.0.0';

/** What claimq checks of the Redis it runs on, read with INFO (CONFIG is often disabled on managed Redis). */
export interface RedisServerInfo {
  version: string;
  /** Bytes; 0 = no limit. */
  maxmemory: number;
  maxmemoryPolicy: string;
}

export async function readRedisServerInfo(redis: Redis): Promise<RedisServerInfo> {
  const fields = parseInfo(`${await redis.info('server')}\n${await redis.info('memory')}`);
  return {
    version: fields.get('redis_version') ?? '0.0.0',
    maxmemory: Number(fields.get('maxmemory') ?? 0),
    maxmemoryPolicy: fields.get('maxmemory_policy') ?? 'noeviction',
  };
}

/**
 * A cluster's settings: those of every master, read on each (INFO is a per-server command). The
 * oldest version and the riskiest eviction policy stand for the cluster, since a queue on that
 * master gets them; maxmemory is the smallest.
 */
export async function readClusterServerInfo(cluster: Cluster): Promise<RedisServerInfo> {
  const masters = cluster.nodes('master');
  if (masters.length === 0) throw new Error('the Redis Cluster has no master this client knows');
  const infos = await Promise.all(masters.map((node) => readRedisServerInfo(node)));
  const risk = { none: 0, warn: 1, unsafe: 2 };
  return infos.reduce((worst, info) => ({
    version: versionAtLeast(info.version, worst.version) ? worst.version : info.version,
    maxmemory: worst.maxmemory === 0 ? info.maxmemory : info.maxmemory === 0 ? worst.maxmemory : Math.min(worst.maxmemory, info.maxmemory),
    maxmemoryPolicy: risk[evictionRisk(info.maxmemoryPolicy)] > risk[evictionRisk(worst.maxmemoryPolicy)] ? info.maxmemoryPolicy : worst.maxmemoryPolicy,
  }));
}

/** What claimq reads of CLUSTER INFO (same `field:value` lines as INFO). */
export function readClusterInfo(text: string): { state: string; slotsAssigned: string } {
  const fields = parseInfo(text);
  return { state: fields.get('cluster_state') ?? 'unknown', slotsAssigned: fields.get('cluster_slots_assigned') ?? '?' };
}

function parseInfo(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) fields.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return fields;
}

export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const x = a[i] || 0;
    const y = b[i] || 0;
    if (x !== y) return x > y;
  }
  return true;
}

/**
 * What a Redis's memory settings mean for claimq's keys. `noeviction`: a full Redis refuses new
 * work (503) and keeps every job. `volatile-*`: evicts only keys with a TTL, and claimq sets none,
 * so it behaves as noeviction for them, but is worth a warning. `allkeys-*`: may delete job
 * hashes and indexes under memory pressure, silently losing jobs: readiness fails unless the
 * operator accepted it (REDIS_ALLOW_EVICTION=true).
 */
export function evictionRisk(policy: string): 'none' | 'warn' | 'unsafe' {
  if (policy === 'noeviction') return 'none';
  return policy.startsWith('allkeys-') ? 'unsafe' : 'warn';
}

export function evictionWarning(policy: string): string | undefined {
  switch (evictionRisk(policy)) {
    case 'none':
      return undefined;
    case 'warn':
      return `Redis maxmemory-policy is ${policy}: claimq sets no TTLs, so it evicts none of its keys, but noeviction is what claimq expects`;
    case 'unsafe':
      return `Redis maxmemory-policy is ${policy}: under memory pressure Redis may delete job keys and silently lose jobs; set maxmemory-policy noeviction (claimq then answers 503 when Redis is full), or REDIS_ALLOW_EVICTION=true to accept the risk`;
  }
}
