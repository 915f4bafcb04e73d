"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseClusterNodes = parseClusterNodes;
/**
 * Reads REDIS_CLUSTER_NODES: comma-separated `host:port` entries, any of which may be written as a
 * URL (`redis://` or `rediss://`, with `user:password@`) to give every node its credentials and
 * TLS, as REDIS_URL gives them to one server. Entries that are URLs must agree on both: a cluster
 * has one ACL and one TLS setting. Throws the reason, never quoting a password.
 */
function parseClusterNodes(value) {
    const seeds = [];
    let auth;
    for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
        const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
        let url;
        try {
            url = new URL(isUrl ? entry : `redis://${entry}`);
        }
        catch {
            throw new Error(`REDIS_CLUSTER_NODES: ${masked(entry)} is not host:port or a redis:// URL`);
        }
        if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
            throw new Error(`REDIS_CLUSTER_NODES: ${masked(entry)} must be host:port, redis:// or rediss://`);
        }
        const port = Number(url.port || 6379);
        if (!url.hostname || !Number.isInteger(port) || port < 1 || port > 65535 || (url.pathname !== '' && url.pathname !== '/')) {
            throw new Error(`REDIS_CLUSTER_NODES: ${masked(entry)} must name a host and a port (and no database: a cluster has only database 0)`);
        }
        seeds.push({ host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port });
        if (!isUrl)
            continue;
        const these = {
            username: url.username ? decodeURIComponent(url.username) : undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            tls: url.protocol === 'rediss:',
        };
        if (auth && (auth.username !== these.username || auth.password !== these.password || auth.tls !== these.tls)) {
            throw new Error('REDIS_CLUSTER_NODES: the URL entries give different credentials or TLS settings; give them once (every node gets them)');
        }
        auth = these;
    }
    if (seeds.length === 0)
        throw new Error('REDIS_CLUSTER_NODES: no node given');
    return { seeds, ...(auth ?? { tls: false }) };
}
function masked(entry) {
    return JSON.stringify(entry.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@'));
}
//# sourceMappingURL=redis-cluster-nodes.js.map