"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SECRET_VARIABLES = exports.EnvironmentVariables = void 0;
exports.validateEnvironment = validateEnvironment;
exports.splitList = splitList;
const class_transformer_1 = require("class-transformer");
const class_validator_1 = require("class-validator");
const callback_signature_1 = require("../domain/callback-signature");
const egress_policy_1 = require("../domain/egress-policy");
const http_job_1 = require("../domain/http-job");
const http_job_secrets_1 = require("../domain/http-job-secrets");
const secret_box_1 = require("../domain/secret-box");
const redis_cluster_nodes_1 = require("./redis-cluster-nodes");
const queue_partition_1 = require("../domain/queue-partition");
const fairness_1 = require("../domain/fairness");
const queue_list_1 = require("./queue-list");
const tracing_settings_1 = require("./tracing-settings");
const batch_limits_1 = require("./batch-limits");
/** A comma-separated list of keys of at least 16 printable characters, no spaces or commas. */
const API_KEY_LIST = /^\s*[!-+\--~]{16,}\s*(,\s*[!-+\--~]{16,}\s*)*$/;
const toInt = ({ value }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const toLowerCase = ({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** The OTEL_* variables are checked unless OTEL_SDK_DISABLED=true, which turns tracing off whatever they say. */
const unlessSdkDisabled = (0, class_validator_1.ValidateIf)((env) => env.OTEL_SDK_DISABLED !== true);
const OTLP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const toBool = ({ value }) => {
    if (typeof value !== 'string')
        return value;
    const v = value.trim().toLowerCase();
    return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : value;
};
/**
 * Every environment variable claimq reads, with its default. Validated once at start; a bad value
 * stops the process with the variable's name and the reason. Nothing else reads process.env.
 */
class EnvironmentVariables {
    PORT = 3000;
    HOST = '0.0.0.0';
    MODE = 'all';
    JOB_STORE = 'memory';
    REDIS_URL = 'redis://127.0.0.1:6379';
    /**
     * Seed nodes of a Redis Cluster (`host:port,host:port,...`); when set, JOB_STORE=redis runs on
     * the cluster and REDIS_URL is not read. An entry may be a redis:// or rediss:// URL with
     * `user:password@`: its credentials and TLS apply to every node (README, Redis Cluster).
     */
    REDIS_CLUSTER_NODES = undefined;
    /**
     * Replicas that must hold an enqueue, an execution or a completion before claimq acknowledges it
     * (WAIT after the write): 1 makes an acknowledged job survive a failover. 0: acknowledged once
     * the master has it (asynchronous replication may lose the last writes in a failover).
     */
    REDIS_WAIT_REPLICAS = 0;
    /** How long a write waits for REDIS_WAIT_REPLICAS; then the client gets 503 (the write is on the master only). */
    REDIS_WAIT_TIMEOUT_MS = 1_000;
    REDIS_PREFIX = 'claimq';
    /**
     * Accept a Redis whose maxmemory-policy is allkeys-* (which may delete job keys under memory
     * pressure): readiness fails on such a Redis unless this is true. Other policies only warn.
     */
    REDIS_ALLOW_EVICTION = false;
    LEASE_MS = 300_000;
    HEARTBEAT_MS = 60_000;
    REAPER_INTERVAL_MS = 15_000;
    /**
     * The longest an idle worker waits for a wake-up before it claims anyway (a wake-up lost on the
     * way, say by a writer that died between its write and its wake-up, costs at most this). Every
     * enqueue, release, retry and due job wakes a waiting worker at once, so this is a safety net,
     * not a poll: raising it lowers an idle worker's Redis commands further.
     */
    WORKER_IDLE_WAIT_MS = 5_000;
    /**
     * Most records one reaper script touches in one call (Redis blocks while a script runs). At most
     * 10,000: the largest batch any other script moves (a claim at WORKER_CONCURRENCY's max, an
     * execution), which the contract tests run at; a reap of 10,000 leases blocks Redis for tens of
     * ms, and a pass does up to 10 rounds per step anyway.
     */
    REAPER_BATCH = 1000;
    /**
     * Default 3 x HEARTBEAT_MS. Must be more than HEARTBEAT_MS (a live worker would be reaped
     * between two beats); more than 2 x HEARTBEAT_MS is recommended, so one late beat is survived.
     */
    WORKER_DEAD_MS;
    /**
     * How long past its timeoutMs a job may keep its lease while its worker still heartbeats: at
     * startedAt + timeoutMs + this grace the lease stops being renewed and the reaper ends the attempt.
     */
    HARD_TIMEOUT_GRACE_MS = 60_000;
    /** Jobs a worker process runs at once per queue (each queue of QUEUES has its own slots). */
    WORKER_CONCURRENCY = 50;
    /**
     * Queue names, comma-separated; `name:N` gives that queue N partitions (1 to 64) instead of
     * QUEUE_PARTITIONS. A final `:<digits>` is always read as the count: a queue whose own name ends
     * in one is written `name:1:1` (its name, then its count).
     */
    QUEUES = 'default';
    /** Partitions of every queue QUEUES gives no count (1 to 64); each partition is its own Redis hash slot. */
    QUEUE_PARTITIONS = 1;
    /** Largest job payload (its JSON); at most 16 MiB, which the tests run (a job is one Redis hash). */
    MAX_PAYLOAD_BYTES = 512 * 1024;
    /**
     * Largest request body; larger ones get 413 before they are read. The default fits the largest
     * request the API takes, an execution of 10,000 jobs, at about 1.6 KB per job (its fields and a
     * payload of about 1 KB), and is answered within 2 s on both stores (BENCHMARKS.md, bench:body).
     * Up to 64 MiB (tested) for larger jobs: 10,000 jobs with every field at its maximum need 27.5 MB.
     */
    MAX_BODY_BYTES = 16 * 1024 * 1024;
    SUCCEEDED_RETENTION_MS = 24 * 3600 * 1000;
    FAILED_RETENTION_MS = 7 * 24 * 3600 * 1000;
    /** How long a finished execution's counters stay in the store after its last refresh (history keeps them). */
    EXECUTION_RETENTION_MS = 7 * 24 * 3600 * 1000;
    SHUTDOWN_GRACE_MS = 30_000;
    HTTP_JOB_ALLOWED_HOSTS;
    /**
     * Which addresses `http` jobs and callbacks may connect to, judged on the address dialed.
     * `default` refuses link-local (cloud metadata), unspecified, multicast and broadcast addresses;
     * `public-only` refuses loopback and private networks as well (README, Security).
     */
    HTTP_EGRESS = 'default';
    /** Comma-separated CIDRs or addresses allowed whatever HTTP_EGRESS refuses (the most specific entry of the two lists wins). */
    HTTP_EGRESS_ALLOW;
    /** Comma-separated CIDRs or addresses refused whatever HTTP_EGRESS allows. */
    HTTP_EGRESS_DENY;
    /** Redirects an `http` job follows; each hop passes the egress policy and HTTP_JOB_ALLOWED_HOSTS. 0: none followed. */
    HTTP_MAX_REDIRECTS = 5;
    /**
     * Fairness for `http` jobs: one without a `group` gets its target host's (`host:<host>`), and
     * such a group runs at most this many jobs at once across the fleet (a group's or the queue's
     * own cap may be lower). 0: off, `http` jobs without a group stay in the queue's default group.
     */
    HTTP_HOST_CONCURRENCY = 100;
    /** Request headers of `http` jobs whose values are secret: sealed at rest, "[redacted]" in every view. */
    HTTP_SECRET_HEADERS = http_job_secrets_1.DEFAULT_SECRET_HEADERS.join(',');
    /**
     * Comma-separated 32-byte keys (base64 or hex) that encrypt secret headers at rest (AES-256-GCM):
     * the first seals, all open. Unset: secrets are stored unencrypted (a warning at start).
     */
    SECRETS_KEYS = undefined;
    /**
     * Comma-separated secrets (32+ characters, no whitespace) that sign every callback and `http` job
     * request (Claimq-Signature): one signature per secret, the first being the current one, so a
     * secret is rotated without receivers failing. Unset: requests go out unsigned.
     */
    CALLBACK_SIGNING_SECRET = undefined;
    /** PostgreSQL for job history (postgres://user:pass@host:5432/db?sslmode=...). Unset: no history, nothing connects. */
    DATABASE_URL = undefined;
    /** Run the history schema migrations at start (one instance at a time, under an advisory lock). */
    DB_MIGRATE = false;
    /**
     * Events of each queue's stream (each partition's) that the history writer has already
     * acknowledged, kept about this many (the reaper trims the oldest; approximate, by whole stream
     * nodes). Events the writer has not acknowledged are never trimmed for it: their bound is
     * HISTORY_BACKLOG_MAX_MB. Without history (no consumer group on the stream) the stream keeps
     * about this many events.
     */
    EVENTS_MAXLEN = 1_000_000;
    /**
     * Memory one event stream (one queue partition; the memory store's log as a whole) may hold for
     * the history writer, in MiB. Past it (a long PostgreSQL outage) the oldest unread events are
     * dropped and recorded as a gap (history_gaps, claimq_history_dropped_events_total, an error
     * log line, /health/ready). 1024 MiB holds about 10 million events (about an hour of
     * 1,000 jobs/s, three events each).
     */
    HISTORY_BACKLOG_MAX_MB = 1024;
    /** Most job events the history writer puts in one batch (one statement per table). */
    HISTORY_BATCH = 2000;
    /** Time span of one history partition (job_records, job_attempts, executions): `day` or `week`. */
    HISTORY_PARTITION = 'day';
    /**
     * Days of history kept, counted from each job's creation (each execution's): partitions whose
     * whole span is older are dropped. 0 keeps everything.
     */
    HISTORY_RETENTION_DAYS = 30;
    /**
     * How long the history writer may hold a batch whose jobs have not finished, reading on, so
     * that a job that finishes within it is written once, final, instead of inserted then updated.
     * 0 writes every batch as read.
     */
    HISTORY_COALESCE_MS = 1000;
    /**
     * Every instance runs the scheduler of recurring schedules (README, Schedules): it claims due
     * schedules from the store's index and fires them. false: this instance fires none (the API
     * still serves /schedules).
     */
    SCHEDULER_ENABLED = true;
    /** Most due schedules one claim takes; a scheduler that took this many claims again at once. */
    SCHEDULER_BATCH = 1_000;
    /**
     * How long a claimed schedule is held for its scheduler. A scheduler that dies between its claim
     * and recording the fire hands the schedule to another after this; the job that fire may have
     * made is not made twice (its idempotency key derives from the schedule and the tick).
     */
    SCHEDULER_LEASE_MS = 10_000;
    /**
     * The longest a scheduler sleeps between two looks at the due index. It wakes at the next due
     * time it knows of, and at once for a schedule changed through this instance's API; one changed
     * through another instance is seen within this.
     */
    SCHEDULER_POLL_MS = 1_000;
    /**
     * catchUp 'none': a tick is fired only if a scheduler gets to it within this many ms of its
     * time; a later one counts as missed (no instance ran when it was due). Keep it above
     * SCHEDULER_LEASE_MS: a tick whose scheduler died mid-fire is fired by another after the lease.
     */
    SCHEDULE_MISFIRE_GRACE_MS = 15_000;
    /** How often each instance claims a batch of dirty executions and refreshes their status. */
    REFRESH_INTERVAL_MS = 1000;
    /** Most dirty executions one refresh claims (one script, one database statement). */
    REFRESH_BATCH = 500;
    /** A refresh in flight longer than this is returned to the refresh set (its instance died). */
    REFRESH_STALE_MS = 60_000;
    LOG_LEVEL = 'info';
    /**
     * Comma-separated API keys. When set, every route but /health/* and /metrics needs
     * `Authorization: Bearer <one of them>`. Keys are at least 16 printable characters, no spaces.
     */
    API_KEYS = undefined;
    /**
     * Comma-separated read-only API keys (same format as API_KEYS): they may GET, HEAD and OPTIONS
     * anything; any other method answers 403. Set alone, keys are enforced and nothing can write.
     */
    API_KEYS_READONLY = undefined;
    /** Entries the audit trail keeps in the job store (without history); the oldest go first. */
    AUDIT_MAX_ENTRIES = 10_000;
    // OpenTelemetry traces (README, Traces; parsed in tracing-settings.ts). Off unless an exporter is asked for.
    /** true: no tracing at all, whatever the other OTEL_* variables say (they are then not checked). */
    OTEL_SDK_DISABLED = false;
    /** otlp, console or none, comma-separated. Unset: otlp when an OTLP endpoint is set, else tracing is off. */
    OTEL_TRACES_EXPORTER = undefined;
    /** The collector's base URL; traces go to <it>/v1/traces. Setting it turns tracing on (exporter otlp). */
    OTEL_EXPORTER_OTLP_ENDPOINT = undefined;
    /** The full URL traces are posted to (wins over OTEL_EXPORTER_OTLP_ENDPOINT). Setting it turns tracing on. */
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = undefined;
    OTEL_EXPORTER_OTLP_PROTOCOL = undefined;
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL = undefined;
    /** service.name of the spans (default claimq; wins over a service.name in OTEL_RESOURCE_ATTRIBUTES). */
    OTEL_SERVICE_NAME = undefined;
    /** More resource attributes: key=value,key=value with percent-encoded values. */
    OTEL_RESOURCE_ATTRIBUTES = undefined;
    OTEL_TRACES_SAMPLER = 'parentbased_always_on';
    /** The ratio of the traceidratio samplers, 0 to 1 (default 1). */
    OTEL_TRACES_SAMPLER_ARG = undefined;
}
exports.EnvironmentVariables = EnvironmentVariables;
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(65535),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "PORT", void 0);
__decorate([
    (0, class_validator_1.IsString)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HOST", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['all', 'api', 'worker']),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "MODE", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['memory', 'redis']),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "JOB_STORE", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_URL", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "REDIS_CLUSTER_NODES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(batch_limits_1.MAX_WAIT_REPLICAS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_WAIT_REPLICAS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(60_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_WAIT_TIMEOUT_MS", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9_.-]{1,50}$/, { message: 'REDIS_PREFIX must match [A-Za-z0-9_.-]{1,50}' }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_PREFIX", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toBool),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REDIS_ALLOW_EVICTION", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "LEASE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HEARTBEAT_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REAPER_INTERVAL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    (0, class_validator_1.Max)(batch_limits_1.MAX_WORKER_IDLE_WAIT_MS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "WORKER_IDLE_WAIT_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_REAPER_BATCH),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REAPER_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(100),
    __metadata("design:type", Number)
], EnvironmentVariables.prototype, "WORKER_DEAD_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HARD_TIMEOUT_GRACE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_WORKER_CONCURRENCY),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "WORKER_CONCURRENCY", void 0);
__decorate([
    (0, class_validator_1.Matches)(/^[A-Za-z0-9_.:-]{1,100}(,[A-Za-z0-9_.:-]{1,100})*$/, {
        message: 'QUEUES must be a comma-separated list of names matching [A-Za-z0-9_.:-]{1,100}, each optionally followed by :<partitions>',
    }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "QUEUES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(queue_partition_1.MAX_QUEUE_PARTITIONS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "QUEUE_PARTITIONS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_PAYLOAD_BYTES_LIMIT),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "MAX_PAYLOAD_BYTES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1024),
    (0, class_validator_1.Max)(batch_limits_1.MAX_BODY_BYTES_LIMIT),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "MAX_BODY_BYTES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SUCCEEDED_RETENTION_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "FAILED_RETENTION_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "EXECUTION_RETENTION_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SHUTDOWN_GRACE_MS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HTTP_JOB_ALLOWED_HOSTS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(egress_policy_1.EGRESS_MODES),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HTTP_EGRESS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HTTP_EGRESS_ALLOW", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HTTP_EGRESS_DENY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(batch_limits_1.MAX_HTTP_REDIRECTS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HTTP_MAX_REDIRECTS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(fairness_1.MAX_GROUP_CONCURRENCY),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HTTP_HOST_CONCURRENCY", void 0);
__decorate([
    (0, class_validator_1.Matches)(new RegExp(`^\\s*${http_job_1.HTTP_TOKEN}\\s*(,\\s*${http_job_1.HTTP_TOKEN}\\s*)*$`), {
        message: 'HTTP_SECRET_HEADERS must be a comma-separated list of header names',
    }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HTTP_SECRET_HEADERS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "SECRETS_KEYS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "CALLBACK_SIGNING_SECRET", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "DATABASE_URL", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toBool),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "DB_MIGRATE", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    (0, class_validator_1.Max)(batch_limits_1.MAX_EVENTS_MAXLEN),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "EVENTS_MAXLEN", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(batch_limits_1.MIN_HISTORY_BACKLOG_MB),
    (0, class_validator_1.Max)(batch_limits_1.MAX_HISTORY_BACKLOG_MB),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HISTORY_BACKLOG_MAX_MB", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(10_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HISTORY_BATCH", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['day', 'week']),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "HISTORY_PARTITION", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(batch_limits_1.MAX_HISTORY_RETENTION_DAYS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HISTORY_RETENTION_DAYS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(batch_limits_1.MAX_HISTORY_COALESCE_MS),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "HISTORY_COALESCE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toBool),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SCHEDULER_ENABLED", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_SCHEDULER_BATCH),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SCHEDULER_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1_000),
    (0, class_validator_1.Max)(300_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SCHEDULER_LEASE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(50),
    (0, class_validator_1.Max)(60_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SCHEDULER_POLL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(0),
    (0, class_validator_1.Max)(86_400_000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "SCHEDULE_MISFIRE_GRACE_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(10),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_INTERVAL_MS", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_REFRESH_BATCH),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_BATCH", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1000),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "REFRESH_STALE_MS", void 0);
__decorate([
    (0, class_validator_1.IsIn)(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "LOG_LEVEL", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(API_KEY_LIST, {
        message: 'API_KEYS must be a comma-separated list of keys of at least 16 printable characters without spaces or commas',
    }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "API_KEYS", void 0);
__decorate([
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(API_KEY_LIST, {
        message: 'API_KEYS_READONLY must be a comma-separated list of keys of at least 16 printable characters without spaces or commas',
    }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "API_KEYS_READONLY", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toInt),
    (0, class_validator_1.IsInt)(),
    (0, class_validator_1.Min)(1),
    (0, class_validator_1.Max)(batch_limits_1.MAX_AUDIT_ENTRIES),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "AUDIT_MAX_ENTRIES", void 0);
__decorate([
    (0, class_transformer_1.Transform)(toBool),
    (0, class_validator_1.IsBoolean)(),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "OTEL_SDK_DISABLED", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Transform)(toLowerCase),
    (0, class_validator_1.Matches)(/^\s*(otlp|console|none)\s*(,\s*(otlp|console|none)\s*)*$/, {
        message: 'OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console and none (claimq exports traces over OTLP/HTTP or to the console)',
    }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_TRACES_EXPORTER", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(OTLP_URL, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL' }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_EXPORTER_OTLP_ENDPOINT", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.Matches)(OTLP_URL, { message: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http:// or https:// URL' }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Transform)(toLowerCase),
    (0, class_validator_1.IsIn)(tracing_settings_1.OTLP_PROTOCOLS, { message: `OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${tracing_settings_1.OTLP_PROTOCOLS.join(', ')} (claimq exports OTLP over HTTP, not gRPC)` }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_EXPORTER_OTLP_PROTOCOL", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_transformer_1.Transform)(toLowerCase),
    (0, class_validator_1.IsIn)(tracing_settings_1.OTLP_PROTOCOLS, { message: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be one of ${tracing_settings_1.OTLP_PROTOCOLS.join(', ')} (claimq exports OTLP over HTTP, not gRPC)` }),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_SERVICE_NAME", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_RESOURCE_ATTRIBUTES", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_transformer_1.Transform)(toLowerCase),
    (0, class_validator_1.IsIn)(tracing_settings_1.TRACE_SAMPLERS, { message: `OTEL_TRACES_SAMPLER must be one of ${tracing_settings_1.TRACE_SAMPLERS.join(', ')}` }),
    __metadata("design:type", Object)
], EnvironmentVariables.prototype, "OTEL_TRACES_SAMPLER", void 0);
__decorate([
    unlessSdkDisabled,
    (0, class_validator_1.IsOptional)(),
    (0, class_validator_1.IsString)(),
    __metadata("design:type", String)
], EnvironmentVariables.prototype, "OTEL_TRACES_SAMPLER_ARG", void 0);
function validateEnvironment(raw) {
    const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
    const env = (0, class_transformer_1.plainToInstance)(EnvironmentVariables, present, { exposeDefaultValues: true });
    const errors = (0, class_validator_1.validateSync)(env, { skipMissingProperties: false, whitelist: false });
    const lines = errors.map((e) => {
        const reasons = Object.values(e.constraints ?? {}).join('; ');
        return `${e.property}=${shown(e.property, raw[e.property])}: ${reasons}`;
    });
    // the rules between variables only mean something once each of them is valid on its own
    if (lines.length === 0)
        lines.push(...listErrors(env), ...timingConflicts(env));
    if (lines.length > 0)
        throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
    return env;
}
/** Variables whose values are credentials: an error names them but does not print them. */
exports.SECRET_VARIABLES = new Set(['API_KEYS', 'API_KEYS_READONLY', 'SECRETS_KEYS', 'CALLBACK_SIGNING_SECRET']);
/** A value as an error shows it: secrets hidden, the password of a URL masked. */
function shown(name, value) {
    if (exports.SECRET_VARIABLES.has(name))
        return '(hidden)';
    return JSON.stringify(typeof value === 'string' ? value.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@,]*:)[^@/,]*@/gi, '$1***@') : value);
}
/** Entries of the list variables that do not parse, one line each (never echoing a key). */
function listErrors(env) {
    const errors = [];
    for (const name of ['HTTP_EGRESS_ALLOW', 'HTTP_EGRESS_DENY']) {
        for (const entry of splitList(env[name])) {
            try {
                (0, egress_policy_1.parseCidr)(entry);
            }
            catch (err) {
                errors.push(`${name}: ${err.message}`);
            }
        }
    }
    if (env.REDIS_CLUSTER_NODES !== undefined) {
        try {
            (0, redis_cluster_nodes_1.parseClusterNodes)(env.REDIS_CLUSTER_NODES);
        }
        catch (err) {
            errors.push(err.message);
        }
    }
    try {
        (0, queue_list_1.parseQueueList)(env.QUEUES, env.QUEUE_PARTITIONS);
    }
    catch (err) {
        errors.push(err.message);
    }
    errors.push(...(0, tracing_settings_1.tracingSettingsErrors)(env));
    const writeKeys = new Set(splitList(env.API_KEYS));
    if (splitList(env.API_KEYS_READONLY).some((key) => writeKeys.has(key))) {
        errors.push('API_KEYS, API_KEYS_READONLY: a key is in both lists (which access would it have?); keep each key in one');
    }
    try {
        new secret_box_1.SecretBox(splitList(env.SECRETS_KEYS));
    }
    catch (err) {
        errors.push(err.message);
    }
    if (env.CALLBACK_SIGNING_SECRET !== undefined) {
        try {
            new callback_signature_1.CallbackSigner(splitList(env.CALLBACK_SIGNING_SECRET));
        }
        catch (err) {
            errors.push(err.message);
        }
    }
    return errors;
}
/** A comma-separated variable's entries, trimmed, empty ones dropped. */
function splitList(value) {
    return value?.split(',').map((v) => v.trim()).filter(Boolean) ?? [];
}
/** Lease, heartbeat and worker-death times that contradict each other, one line each. */
function timingConflicts(env) {
    const conflicts = [];
    if (env.HEARTBEAT_MS * 2 > env.LEASE_MS) {
        conflicts.push(`HEARTBEAT_MS=${env.HEARTBEAT_MS}, LEASE_MS=${env.LEASE_MS}: HEARTBEAT_MS must be at most half of LEASE_MS, so a lease outlives one missed heartbeat`);
    }
    if (env.WORKER_DEAD_MS !== undefined && env.WORKER_DEAD_MS <= env.HEARTBEAT_MS) {
        conflicts.push(`WORKER_DEAD_MS=${env.WORKER_DEAD_MS}, HEARTBEAT_MS=${env.HEARTBEAT_MS}: WORKER_DEAD_MS must be more than HEARTBEAT_MS ` +
            `(more than 2 x HEARTBEAT_MS recommended; default 3 x), or live workers lose their leases between two heartbeats`);
    }
    return conflicts;
}
//# sourceMappingURL=environment.js.map