import { CallbackSigner } from '../domain/callback-signature';
import { EgressMode, EgressPolicy } from '../domain/egress-policy';
import { HttpJobSecrets } from '../domain/http-job-secrets';
import { EnvironmentVariables } from './environment';
import { ClusterSettings } from './redis-cluster-nodes';
import { TracingSettings } from './tracing-settings';
/**
 * The typed view of the configuration that the rest of the code reads. Built once from the
 * validated environment; derived values (worker death time, queue list) are computed here.
 */
export declare class AppConfig {
    readonly port: number;
    readonly host: string;
    readonly mode: 'all' | 'api' | 'worker';
    readonly jobStore: 'memory' | 'redis';
    readonly redisUrl: string;
    readonly redisPrefix: string;
    readonly redisAllowEviction: boolean;
    /** REDIS_CLUSTER_NODES parsed; undefined: one Redis server at redisUrl. */
    readonly redisCluster: ClusterSettings | undefined;
    readonly redisWaitReplicas: number;
    readonly redisWaitTimeoutMs: number;
    readonly leaseMs: number;
    readonly heartbeatMs: number;
    /** WORKER_IDLE_WAIT_MS. */
    readonly workerIdleWaitMs: number;
    readonly reaperIntervalMs: number;
    readonly reaperBatch: number;
    readonly workerDeadMs: number;
    readonly hardTimeoutGraceMs: number;
    readonly workerConcurrency: number;
    readonly queues: string[];
    /** Partitions per queue of QUEUES (`name:N`), and QUEUE_PARTITIONS for any other queue. */
    readonly queuePartitions: ReadonlyMap<string, number>;
    readonly defaultQueuePartitions: number;
    readonly maxPayloadBytes: number;
    readonly maxBodyBytes: number;
    readonly succeededRetentionMs: number;
    readonly failedRetentionMs: number;
    readonly executionRetentionMs: number;
    readonly shutdownGraceMs: number;
    readonly httpJobAllowedHosts: string[] | undefined;
    readonly httpEgress: EgressMode;
    readonly httpEgressAllow: string[];
    readonly httpEgressDeny: string[];
    readonly httpMaxRedirects: number;
    /** HTTP_HOST_CONCURRENCY: the cap of every host group (0: no host groups, see `hostGroups`). */
    readonly httpHostConcurrency: number;
    readonly httpSecretHeaders: string[];
    /** SECRETS_KEYS: empty, secret headers are stored unencrypted. */
    readonly secretsKeys: string[];
    /** CALLBACK_SIGNING_SECRET, the current secret first; empty: requests to users' URLs go out unsigned. */
    readonly callbackSigningSecrets: string[];
    readonly logLevel: string;
    /** Accepted bearer keys; empty: the API is open (main.ts warns when it listens beyond loopback). */
    readonly apiKeys: string[];
    /** API_KEYS_READONLY: bearer keys that may only read (GET, HEAD, OPTIONS). */
    readonly readOnlyApiKeys: string[];
    /** AUDIT_MAX_ENTRIES: the audit trail's cap in the job store. */
    readonly auditMaxEntries: number;
    readonly databaseUrl: string | undefined;
    readonly dbMigrate: boolean;
    readonly historyBatch: number;
    /** HISTORY_PARTITION: the span of one history partition. */
    readonly historyPartition: 'day' | 'week';
    /** HISTORY_RETENTION_DAYS (0: keep everything). */
    readonly historyRetentionDays: number;
    /** HISTORY_COALESCE_MS. */
    readonly historyCoalesceMs: number;
    readonly scheduler: {
        enabled: boolean;
        batch: number;
        leaseMs: number;
        pollMs: number;
        misfireGraceMs: number;
    };
    /** About how many acknowledged events each queue's stream keeps (EVENTS_MAXLEN); all of it without history. */
    readonly eventsMaxLen: number;
    /** HISTORY_BACKLOG_MAX_MB in bytes: what one stream (the memory log) may hold for the history writer. */
    readonly historyBacklogMaxBytes: number;
    readonly refreshIntervalMs: number;
    readonly refreshBatch: number;
    readonly refreshStaleMs: number;
    /** The OTEL_* variables (README, Traces): whether to trace, where spans go, how they are sampled. */
    readonly tracing: TracingSettings;
    constructor(env: EnvironmentVariables);
    /** For tests and tools that build a config without Nest: same validation, same defaults. */
    static from(raw?: Record<string, string | undefined>): AppConfig;
    /** The egress policy of `http` jobs and callbacks (HTTP_EGRESS, HTTP_EGRESS_ALLOW, HTTP_EGRESS_DENY). */
    egressPolicy(): EgressPolicy;
    /** Seals, opens and names the secret headers of `http` jobs (HTTP_SECRET_HEADERS, SECRETS_KEYS). */
    httpJobSecrets(): HttpJobSecrets;
    /** Signs callbacks and `http` job requests (CALLBACK_SIGNING_SECRET); undefined: they go out unsigned. */
    callbackSigner(): CallbackSigner | undefined;
    /** `http` jobs without a group get their target host's group (HTTP_HOST_CONCURRENCY > 0). */
    get hostGroups(): boolean;
    /** Keys are enforced: API_KEYS or API_KEYS_READONLY is set (either alone is enough). */
    get apiKeysEnforced(): boolean;
    get runsApi(): boolean;
    get runsWorkers(): boolean;
}
/** The process's configuration, read from its environment (the one place that reads process.env). */
export declare function loadAppConfig(): AppConfig;
