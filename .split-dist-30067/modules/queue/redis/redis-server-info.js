"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MIN_REDIS_VERSION = void 0;
exports.readRedisServerInfo = readRedisServerInfo;
exports.readClusterServerInfo = readClusterServerInfo;
exports.readClusterInfo = readClusterInfo;
exports.versionAtLeast = versionAtLeast;
exports.evictionRisk = evictionRisk;
exports.evictionWarning = evictionWarning;
/** Scripts carry `#!lua` flags (allow-oom, no-writes), which Redis understands from 7.0. */
exports.MIN_REDIS_VERSION = '7.0.0';
async function readRedisServerInfo(redis) {
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
async function readClusterServerInfo(cluster) {
    const masters = cluster.nodes('master');
    if (masters.length === 0)
        throw new Error('the Redis Cluster has no master this client knows');
    const infos = await Promise.all(masters.map((node) => readRedisServerInfo(node)));
    const risk = { none: 0, warn: 1, unsafe: 2 };
    return infos.reduce((worst, info) => ({
        version: versionAtLeast(info.version, worst.version) ? worst.version : info.version,
        maxmemory: worst.maxmemory === 0 ? info.maxmemory : info.maxmemory === 0 ? worst.maxmemory : Math.min(worst.maxmemory, info.maxmemory),
        maxmemoryPolicy: risk[evictionRisk(info.maxmemoryPolicy)] > risk[evictionRisk(worst.maxmemoryPolicy)] ? info.maxmemoryPolicy : worst.maxmemoryPolicy,
    }));
}
/** What claimq reads of CLUSTER INFO (same `field:value` lines as INFO). */
function readClusterInfo(text) {
    const fields = parseInfo(text);
    return { state: fields.get('cluster_state') ?? 'unknown', slotsAssigned: fields.get('cluster_slots_assigned') ?? '?' };
}
function parseInfo(text) {
    const fields = new Map();
    for (const line of text.split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0 && !line.startsWith('#'))
            fields.set(line.slice(0, at), line.slice(at + 1).trim());
    }
    return fields;
}
function versionAtLeast(version, minimum) {
    const a = version.split('.').map(Number);
    const b = minimum.split('.').map(Number);
    for (let i = 0; i < 3; i++) {
        const x = a[i] || 0;
        const y = b[i] || 0;
        if (x !== y)
            return x > y;
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
function evictionRisk(policy) {
    if (policy === 'noeviction')
        return 'none';
    return policy.startsWith('allkeys-') ? 'unsafe' : 'warn';
}
function evictionWarning(policy) {
    switch (evictionRisk(policy)) {
        case 'none':
            return undefined;
        case 'warn':
            return `Redis maxmemory-policy is ${policy}: claimq sets no TTLs, so it evicts none of its keys, but noeviction is what claimq expects`;
        case 'unsafe':
            return `Redis maxmemory-policy is ${policy}: under memory pressure Redis may delete job keys and silently lose jobs; set maxmemory-policy noeviction (claimq then answers 503 when Redis is full), or REDIS_ALLOW_EVICTION=true to accept the risk`;
    }
}
//# sourceMappingURL=redis-server-info.js.map