"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppConfig = void 0;
exports.loadAppConfig = loadAppConfig;
const callback_signature_1 = require("../domain/callback-signature");
const egress_policy_1 = require("../domain/egress-policy");
const http_job_secrets_1 = require("../domain/http-job-secrets");
const secret_box_1 = require("../domain/secret-box");
const environment_1 = require("./environment");
const redis_cluster_nodes_1 = require("./redis-cluster-nodes");
const queue_list_1 = require("./queue-list");
const tracing_settings_1 = require("./tracing-settings");
/**
 * The typed view of the configuration that the rest of the code reads. Built once from the
 * validated environment; derived values (worker death time, queue list) are computed here.
 */
class AppConfig {
    port;
    host;
    mode;
    jobStore;
    redisUrl;
    redisPrefix;
    redisAllowEviction;
    /** REDIS_CLUSTER_NODES parsed; undefined: one Redis server at redisUrl. */
    redisCluster;
    redisWaitReplicas;
    redisWaitTimeoutMs;
    leaseMs;
    heartbeatMs;
    /** WORKER_IDLE_WAIT_MS. */
    workerIdleWaitMs;
    reaperIntervalMs;
    reaperBatch;
    workerDeadMs;
    hardTimeoutGraceMs;
    workerConcurrency;
    queues;
    /** Partitions per queue of QUEUES (`name:N`), and QUEUE_PARTITIONS for any other queue. */
    queuePartitions;
    defaultQueuePartitions;
    maxPayloadBytes;
    maxBodyBytes;
    succeededRetentionMs;
    failedRetentionMs;
    executionRetentionMs;
    shutdownGraceMs;
    httpJobAllowedHosts;
    httpEgress;
    httpEgressAllow;
    httpEgressDeny;
    httpMaxRedirects;
    /** HTTP_HOST_CONCURRENCY: the cap of every host group (0: no host groups, see `hostGroups`). */
    httpHostConcurrency;
    httpSecretHeaders;
    /** SECRETS_KEYS: empty, secret headers are stored unencrypted. */
    secretsKeys;
    /** CALLBACK_SIGNING_SECRET, the current secret first; empty: requests to users' URLs go out unsigned. */
    callbackSigningSecrets;
    logLevel;
    /** Accepted bearer keys; empty: the API is open (main.ts warns when it listens beyond loopback). */
    apiKeys;
    /** API_KEYS_READONLY: bearer keys that may only read (GET, HEAD, OPTIONS). */
    readOnlyApiKeys;
    /** AUDIT_MAX_ENTRIES: the audit trail's cap in the job store. */
    auditMaxEntries;
    databaseUrl;
    dbMigrate;
    historyBatch;
    /** HISTORY_PARTITION: the span of one history partition. */
    historyPartition;
    /** HISTORY_RETENTION_DAYS (0: keep everything). */
    historyRetentionDays;
    /** HISTORY_COALESCE_MS. */
    historyCoalesceMs;
    scheduler;
    /** About how many acknowledged events each queue's stream keeps (EVENTS_MAXLEN); all of it without history. */
    eventsMaxLen;
    /** HISTORY_BACKLOG_MAX_MB in bytes: what one stream (the memory log) may hold for the history writer. */
    historyBacklogMaxBytes;
    refreshIntervalMs;
    refreshBatch;
    refreshStaleMs;
    /** The OTEL_* variables (README, Traces): whether to trace, where spans go, how they are sampled. */
    tracing;
    constructor(env) {
        this.port = env.PORT;
        this.host = env.HOST;
        this.mode = env.MODE;
        this.jobStore = env.JOB_STORE;
        this.redisUrl = env.REDIS_URL;
        this.redisPrefix = env.REDIS_PREFIX;
        this.redisAllowEviction = env.REDIS_ALLOW_EVICTION;
        this.redisCluster = env.REDIS_CLUSTER_NODES === undefined ? undefined : (0, redis_cluster_nodes_1.parseClusterNodes)(env.REDIS_CLUSTER_NODES);
        this.redisWaitReplicas = env.REDIS_WAIT_REPLICAS;
        this.redisWaitTimeoutMs = env.REDIS_WAIT_TIMEOUT_MS;
        this.leaseMs = env.LEASE_MS;
        this.heartbeatMs = env.HEARTBEAT_MS;
        this.workerIdleWaitMs = env.WORKER_IDLE_WAIT_MS;
        this.reaperIntervalMs = env.REAPER_INTERVAL_MS;
        this.reaperBatch = env.REAPER_BATCH;
        this.workerDeadMs = env.WORKER_DEAD_MS ?? 3 * env.HEARTBEAT_MS;
        this.hardTimeoutGraceMs = env.HARD_TIMEOUT_GRACE_MS;
        this.workerConcurrency = env.WORKER_CONCURRENCY;
        const queues = (0, queue_list_1.parseQueueList)(env.QUEUES, env.QUEUE_PARTITIONS);
        this.queues = queues.names;
        this.queuePartitions = queues.partitions;
        this.defaultQueuePartitions = env.QUEUE_PARTITIONS;
        this.maxPayloadBytes = env.MAX_PAYLOAD_BYTES;
        this.maxBodyBytes = env.MAX_BODY_BYTES;
        this.succeededRetentionMs = env.SUCCEEDED_RETENTION_MS;
        this.failedRetentionMs = env.FAILED_RETENTION_MS;
        this.executionRetentionMs = env.EXECUTION_RETENTION_MS;
        this.shutdownGraceMs = env.SHUTDOWN_GRACE_MS;
        this.httpJobAllowedHosts = env.HTTP_JOB_ALLOWED_HOSTS === undefined ? undefined : (0, environment_1.splitList)(env.HTTP_JOB_ALLOWED_HOSTS).map((h) => h.toLowerCase());
        this.httpEgress = env.HTTP_EGRESS;
        this.httpEgressAllow = (0, environment_1.splitList)(env.HTTP_EGRESS_ALLOW);
        this.httpEgressDeny = (0, environment_1.splitList)(env.HTTP_EGRESS_DENY);
        this.httpMaxRedirects = env.HTTP_MAX_REDIRECTS;
        this.httpHostConcurrency = env.HTTP_HOST_CONCURRENCY;
        this.httpSecretHeaders = (0, environment_1.splitList)(env.HTTP_SECRET_HEADERS).map((h) => h.toLowerCase());
        this.secretsKeys = (0, environment_1.splitList)(env.SECRETS_KEYS);
        this.callbackSigningSecrets = (0, environment_1.splitList)(env.CALLBACK_SIGNING_SECRET);
        this.logLevel = env.LOG_LEVEL;
        this.apiKeys = (0, environment_1.splitList)(env.API_KEYS);
        this.readOnlyApiKeys = (0, environment_1.splitList)(env.API_KEYS_READONLY);
        this.auditMaxEntries = env.AUDIT_MAX_ENTRIES;
        this.databaseUrl = env.DATABASE_URL;
        this.dbMigrate = env.DB_MIGRATE;
        this.historyBatch = env.HISTORY_BATCH;
        this.historyPartition = env.HISTORY_PARTITION;
        this.historyRetentionDays = env.HISTORY_RETENTION_DAYS;
        this.historyCoalesceMs = env.HISTORY_COALESCE_MS;
        this.scheduler = {
            enabled: env.SCHEDULER_ENABLED,
            batch: env.SCHEDULER_BATCH,
            leaseMs: env.SCHEDULER_LEASE_MS,
            pollMs: env.SCHEDULER_POLL_MS,
            misfireGraceMs: env.SCHEDULE_MISFIRE_GRACE_MS,
        };
        this.eventsMaxLen = env.EVENTS_MAXLEN;
        this.historyBacklogMaxBytes = env.HISTORY_BACKLOG_MAX_MB * 1024 * 1024;
        this.refreshIntervalMs = env.REFRESH_INTERVAL_MS;
        this.refreshBatch = env.REFRESH_BATCH;
        this.refreshStaleMs = env.REFRESH_STALE_MS;
        this.tracing = (0, tracing_settings_1.parseTracingSettings)(env);
    }
    /** For tests and tools that build a config without Nest: same validation, same defaults. */
    static from(raw = {}) {
        return new AppConfig((0, environment_1.validateEnvironment)(raw));
    }
    /** The egress policy of `http` jobs and callbacks (HTTP_EGRESS, HTTP_EGRESS_ALLOW, HTTP_EGRESS_DENY). */
    egressPolicy() {
        return new egress_policy_1.EgressPolicy({ mode: this.httpEgress, allow: this.httpEgressAllow, deny: this.httpEgressDeny });
    }
    /** Seals, opens and names the secret headers of `http` jobs (HTTP_SECRET_HEADERS, SECRETS_KEYS). */
    httpJobSecrets() {
        return new http_job_secrets_1.HttpJobSecrets(this.httpSecretHeaders, new secret_box_1.SecretBox(this.secretsKeys));
    }
    /** Signs callbacks and `http` job requests (CALLBACK_SIGNING_SECRET); undefined: they go out unsigned. */
    callbackSigner() {
        return this.callbackSigningSecrets.length > 0 ? new callback_signature_1.CallbackSigner(this.callbackSigningSecrets) : undefined;
    }
    /** `http` jobs without a group get their target host's group (HTTP_HOST_CONCURRENCY > 0). */
    get hostGroups() {
        return this.httpHostConcurrency > 0;
    }
    /** Keys are enforced: API_KEYS or API_KEYS_READONLY is set (either alone is enough). */
    get apiKeysEnforced() {
        return this.apiKeys.length > 0 || this.readOnlyApiKeys.length > 0;
    }
    get runsApi() {
        return this.mode !== 'worker';
    }
    get runsWorkers() {
        return this.mode !== 'api';
    }
}
exports.AppConfig = AppConfig;
/** The process's configuration, read from its environment (the one place that reads process.env). */
function loadAppConfig() {
    return AppConfig.from(process.env);
}
//# sourceMappingURL=app-config.js.map