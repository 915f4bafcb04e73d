import { CallbackSigner } from '../domain/callback-signature';
import { EgressMode, EgressPolicy } from '../domain/egress-policy';
import { HttpJobSecrets } from '../domain/http-job-secrets';
import { SecretBox } from '../domain/secret-box';
import { parseWorkerKey, WorkerKey } from '../domain/worker-key';
import { EnvironmentVariables, splitList, validateEnvironment } from './environment';
import { ClusterSettings, parseClusterNodes } from './redis-cluster-nodes';
import { parseQueueList } from './queue-list';
import { parseTracingSettings, TracingSettings } from './tracing-settings';

/**
 * The typed view of the configuration that the rest of the code reads. Built once from the
 * validated environment; derived values (worker death time, queue list) are computed here.
 */
export class AppConfig {
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
  /** JOB_LOG_LINES: log lines kept per job. */
  readonly jobLogLines: number;
  /** STREAMS_MAX: event streams this process holds open at once. */
  readonly streamsMax: number;
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
  /** API_KEYS_WORKER, parsed: keys that may only claim, heartbeat and settle, in their queues. */
  readonly workerApiKeys: WorkerKey[];
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
  readonly scheduler: { enabled: boolean; batch: number; leaseMs: number; pollMs: number; misfireGraceMs: number };
  /** About how many acknowledged events each queue's stream keeps (EVENTS_MAXLEN); all of it without history. */
  readonly eventsMaxLen: number;
  /** HISTORY_BACKLOG_MAX_MB in bytes: what one stream (the memory log) may hold for the history writer. */
  readonly historyBacklogMaxBytes: number;
  readonly refreshIntervalMs: number;
  readonly refreshBatch: number;
  readonly refreshStaleMs: number;
  /** The OTEL_* variables (README, Traces): whether to trace, where spans go, how they are sampled. */
  readonly tracing: TracingSettings;

  constructor(env: EnvironmentVariables) {
    this.port = env.PORT;
    this.host = env.HOST;
    this.mode = env.MODE;
    this.jobStore = env.JOB_STORE;
    this.redisUrl = env.REDIS_URL;
    this.redisPrefix = env.REDIS_PREFIX;
    this.redisAllowEviction = env.REDIS_ALLOW_EVICTION;
    this.redisCluster = env.REDIS_CLUSTER_NODES === undefined ? undefined : parseClusterNodes(env.REDIS_CLUSTER_NODES);
    this.redisWaitReplicas = env.REDIS_WAIT_REPLICAS;
    this.redisWaitTimeoutMs = env.REDIS_WAIT_TIMEOUT_MS;
    this.leaseMs = env.LEASE_MS;
    this.heartbeatMs = env.HEARTBEAT_MS;
    this.jobLogLines = env.JOB_LOG_LINES;
    this.streamsMax = env.STREAMS_MAX;
    this.workerIdleWaitMs = env.WORKER_IDLE_WAIT_MS;
    this.reaperIntervalMs = env.REAPER_INTERVAL_MS;
    this.reaperBatch = env.REAPER_BATCH;
    this.workerDeadMs = env.WORKER_DEAD_MS ?? 3 * env.HEARTBEAT_MS;
    this.hardTimeoutGraceMs = env.HARD_TIMEOUT_GRACE_MS;
    this.workerConcurrency = env.WORKER_CONCURRENCY;
    const queues = parseQueueList(env.QUEUES, env.QUEUE_PARTITIONS);
    this.queues = queues.names;
    this.queuePartitions = queues.partitions;
    this.defaultQueuePartitions = env.QUEUE_PARTITIONS;
    this.maxPayloadBytes = env.MAX_PAYLOAD_BYTES;
    this.maxBodyBytes = env.MAX_BODY_BYTES;
    this.succeededRetentionMs = env.SUCCEEDED_RETENTION_MS;
    this.failedRetentionMs = env.FAILED_RETENTION_MS;
    this.executionRetentionMs = env.EXECUTION_RETENTION_MS;
    this.shutdownGraceMs = env.SHUTDOWN_GRACE_MS;
    this.httpJobAllowedHosts = env.HTTP_JOB_ALLOWED_HOSTS === undefined ? undefined : splitList(env.HTTP_JOB_ALLOWED_HOSTS).map((h) => h.toLowerCase());
    this.httpEgress = env.HTTP_EGRESS;
    this.httpEgressAllow = splitList(env.HTTP_EGRESS_ALLOW);
    this.httpEgressDeny = splitList(env.HTTP_EGRESS_DENY);
    this.httpMaxRedirects = env.HTTP_MAX_REDIRECTS;
    this.httpHostConcurrency = env.HTTP_HOST_CONCURRENCY;
    this.httpSecretHeaders = splitList(env.HTTP_SECRET_HEADERS).map((h) => h.toLowerCase());
    this.secretsKeys = splitList(env.SECRETS_KEYS);
    this.callbackSigningSecrets = splitList(env.CALLBACK_SIGNING_SECRET);
    this.logLevel = env.LOG_LEVEL;
    this.apiKeys = splitList(env.API_KEYS);
    this.readOnlyApiKeys = splitList(env.API_KEYS_READONLY);
    this.workerApiKeys = splitList(env.API_KEYS_WORKER).map(parseWorkerKey);
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
    this.tracing = parseTracingSettings(env);
  }

  /** For tests and tools that build a config without Nest: same validation, same defaults. */
  static from(raw: Record<string, string | undefined> = {}): AppConfig {
    return new AppConfig(validateEnvironment(raw));
  }

  /** The egress policy of `http` jobs and callbacks (HTTP_EGRESS, HTTP_EGRESS_ALLOW, HTTP_EGRESS_DENY). */
  egressPolicy(): EgressPolicy {
    return new EgressPolicy({ mode: this.httpEgress, allow: this.httpEgressAllow, deny: this.httpEgressDeny });
  }

  /** Seals, opens and names the secret headers of `http` jobs (HTTP_SECRET_HEADERS, SECRETS_KEYS). */
  httpJobSecrets(): HttpJobSecrets {
    return new HttpJobSecrets(this.httpSecretHeaders, new SecretBox(this.secretsKeys));
  }

  /** Signs callbacks and `http` job requests (CALLBACK_SIGNING_SECRET); undefined: they go out unsigned. */
  callbackSigner(): CallbackSigner | undefined {
    return this.callbackSigningSecrets.length > 0 ? new CallbackSigner(this.callbackSigningSecrets) : undefined;
  }

  /** `http` jobs without a group get their target host's group (HTTP_HOST_CONCURRENCY > 0). */
  get hostGroups(): boolean {
    return this.httpHostConcurrency > 0;
  }

  /** Keys are enforced: API_KEYS, API_KEYS_READONLY or API_KEYS_WORKER is set (any alone is enough). */
  get apiKeysEnforced(): boolean {
    return this.apiKeys.length > 0 || this.readOnlyApiKeys.length > 0 || this.workerApiKeys.length > 0;
  }

  get runsApi(): boolean {
    return this.mode !== 'worker';
  }

  get runsWorkers(): boolean {
    return this.mode !== 'api';
  }
}

/** The process's configuration, read from its environment (the one place that reads process.env). */
export function loadAppConfig(): AppConfig {
  return AppConfig.from(process.env);
}
