/** One seed node of REDIS_CLUSTER_NODES. */
export interface ClusterSeed {
    host: string;
    port: number;
}
/** REDIS_CLUSTER_NODES parsed: the seeds, and the credentials and TLS every node gets. */
export interface ClusterSettings {
    seeds: ClusterSeed[];
    username?: string;
    password?: string;
    tls: boolean;
}
/**
 * Reads REDIS_CLUSTER_NODES: comma-separated `host:port` entries, any of which may be written as a
 * URL (`redis://` or `rediss://`, with `user:password@`) to give every node its credentials and
 * TLS, as REDIS_URL gives them to one server. Entries that are URLs must agree on both: a cluster
 * has one ACL and one TLS setting. Throws the reason, never quoting a password.
 */
export declare function parseClusterNodes(value: string): ClusterSettings;
