import { EgressMode } from '../domain/egress-policy';
/**
 * Every environment variable claimq reads, with its default. Validated once at start; a bad value
 * stops the process with the variable's name and the reason. Nothing else reads process.env.
 */
export declare class EnvironmentVariables {
    PORT: number;
    HOST: string;
    MODE: 'all' | 'api' | 'worker';
    JOB_STORE: 'memory' | 'redis';
    REDIS_URL: string;
    /**
     * Seed nodes of a Redis Cluster (`host:port,host:port,...`); when set, JOB_STORE=redis runs on
     * the cluster and REDIS_URL is not read. An entry may be a redis:// or rediss:// URL with
     * `user:password@`: its credentials and TLS apply to every node (README, Redis Cluster).
     */
    REDIS_CLUSTER_NODES?: string;
    /**
     * Replicas that must hold an enqueue, an execution or a completion before claimq acknowledges it
     * (WAIT after the write): 1 makes an acknowledged job survive a failover. 0: acknowledged once
     * the master has it (asynchronous replication may lose the last writes in a failover).
     */
    REDIS_WAIT_REPLICAS: number;
    /** How long a write waits for REDIS_WAIT_REPLICAS; then the client gets 503 (the write is on the master only). */
    REDIS_WAIT_TIMEOUT_MS: number;
    REDIS_PREFIX: string;
    /**
     * Accept a Redis whose maxmemory-policy is allkeys-* (which may delete job keys under memory
     * pressure): readiness fails on such a Redis unless this is true. Other policies only warn.
     */
    REDIS_ALLOW_EVICTION: boolean;
    LEASE_MS: number;
    HEARTBEAT_MS: number;
    REAPER_INTERVAL_MS: number;
    /**
     * The longest an idle worker waits for a wake-up before it claims anyway (a wake-up lost on the
     * way, say by a writer that died between its write and its wake-up, costs at most this). Every
     * enqueue, release, retry and due job wakes a waiting worker at once, so this is a safety net,
     * not a poll: raising it lowers an idle worker's Redis commands further.
     */
    WORKER_IDLE_WAIT_MS: number;
    /**
     * Most records one reaper script touches in one call (Redis blocks while a script runs). At most
     * 10,000: the largest batch any other script moves (a claim at WORKER_CONCURRENCY's max, an
     * execution), which the contract tests run at; a reap of 10,000 leases blocks Redis for tens of
     * ms, and a pass does up to 10 rounds per step anyway.
     */
    REAPER_BATCH: number;
    /**
     * Default 3 x HEARTBEAT_MS. Must be more than HEARTBEAT_MS (a live worker would be reaped
     * between two beats); more than 2 x HEARTBEAT_MS is recommended, so one late beat is survived.
     */
    WORKER_DEAD_MS?: number;
    /**
     * How long past its timeoutMs a job may keep its lease while its worker still heartbeats: at
     * startedAt + timeoutMs + this grace the lease stops being renewed and the reaper ends the attempt.
     */
    HARD_TIMEOUT_GRACE_MS: number;
    /** Jobs a worker process runs at once per queue (each queue of QUEUES has its own slots). */
    WORKER_CONCURRENCY: number;
    /**
     * Queue names, comma-separated; `name:N` gives that queue N partitions (1 to 64) instead of
     * QUEUE_PARTITIONS. A final `:<digits>` is always read as the count: a queue whose own name ends
     * in one is written `name:1:1` (its name, then its count).
     */
    QUEUES: string;
    /** Partitions of every queue QUEUES gives no count (1 to 64); each partition is its own Redis hash slot. */
    QUEUE_PARTITIONS: number;
    /** Largest job payload (its JSON); at most 16 MiB, which the tests run (a job is one Redis hash). */
    MAX_PAYLOAD_BYTES: number;
    /**
     * Largest request body; larger ones get 413 before they are read. The default fits the largest
     * request the API takes, an execution of 10,000 jobs, at about 1.6 KB per job (its fields and a
     * payload of about 1 KB), and is answered within 2 s on both stores (BENCHMARKS.md, bench:body).
     * Up to 64 MiB (tested) for larger jobs: 10,000 jobs with every field at its maximum need 27.5 MB.
     */
    MAX_BODY_BYTES: number;
    SUCCEEDED_RETENTION_MS: number;
    FAILED_RETENTION_MS: number;
    /** How long a finished execution's counters stay in the store after its last refresh (history keeps them). */
    EXECUTION_RETENTION_MS: number;
    SHUTDOWN_GRACE_MS: number;
    HTTP_JOB_ALLOWED_HOSTS?: string;
    /**
     * Which addresses `http` jobs and callbacks may connect to, judged on the address dialed.
     * `default` refuses link-local (cloud metadata), unspecified, multicast and broadcast addresses;
     * `public-only` refuses loopback and private networks as well (README, Security).
     */
    HTTP_EGRESS: EgressMode;
    /** Comma-separated CIDRs or addresses allowed whatever HTTP_EGRESS refuses (the most specific entry of the two lists wins). */
    HTTP_EGRESS_ALLOW?: string;
    /** Comma-separated CIDRs or addresses refused whatever HTTP_EGRESS allows. */
    HTTP_EGRESS_DENY?: string;
    /** Redirects an `http` job follows; each hop passes the egress policy and HTTP_JOB_ALLOWED_HOSTS. 0: none followed. */
    HTTP_MAX_REDIRECTS: number;
    /**
     * Fairness for `http` jobs: one without a `group` gets its target host's (`host:<host>`), and
     * such a group runs at most this many jobs at once across the fleet (a group's or the queue's
     * own cap may be lower). 0: off, `http` jobs without a group stay in the queue's default group.
     */
    HTTP_HOST_CONCURRENCY: number;
    /** Request headers of `http` jobs whose values are secret: sealed at rest, "[redacted]" in every view. */
    HTTP_SECRET_HEADERS: string;
    /**
     * Comma-separated 32-byte keys (base64 or hex) that encrypt secret headers at rest (AES-256-GCM):
     * the first seals, all open. Unset: secrets are stored unencrypted (a warning at start).
     */
    SECRETS_KEYS?: string;
    /**
     * Comma-separated secrets (32+ characters, no whitespace) that sign every callback and `http` job
     * request (Claimq-Signature): one signature per secret, the first being the current one, so a
     * secret is rotated without receivers failing. Unset: requests go out unsigned.
     */
    CALLBACK_SIGNING_SECRET?: string;
    /** PostgreSQL for job history (postgres://user:pass@host:5432/db?sslmode=...). Unset: no history, nothing connects. */
    DATABASE_URL?: string;
    /** Run the history schema migrations at start (one instance at a time, under an advisory lock). */
    DB_MIGRATE: boolean;
    /**
     * Events of each queue's stream (each partition's) that the history writer has already
     * acknowledged, kept about this many (the reaper trims the oldest; approximate, by whole stream
     * nodes). Events the writer has not acknowledged are never trimmed for it: their bound is
     * HISTORY_BACKLOG_MAX_MB. Without history (no consumer group on the stream) the stream keeps
     * about this many events.
     */
    EVENTS_MAXLEN: number;
    /**
     * Memory one event stream (one queue partition; the memory store's log as a whole) may hold for
     * the history writer, in MiB. Past it (a long PostgreSQL outage) the oldest unread events are
     * dropped and recorded as a gap (history_gaps, claimq_history_dropped_events_total, an error
     * log line, /health/ready). 1024 MiB holds about 10 million events (about an hour of
     * 1,000 jobs/s, three events each).
     */
    HISTORY_BACKLOG_MAX_MB: number;
    /** Most job events the history writer puts in one batch (one statement per table). */
    HISTORY_BATCH: number;
    /** Time span of one history partition (job_records, job_attempts, executions): `day` or `week`. */
    HISTORY_PARTITION: 'day' | 'week';
    /**
     * Days of history kept, counted from each job's creation (each execution's): partitions whose
     * whole span is older are dropped. 0 keeps everything.
     */
    HISTORY_RETENTION_DAYS: number;
    /**
     * How long the history writer may hold a batch whose jobs have not finished, reading on, so
     * that a job that finishes within it is written once, final, instead of inserted then updated.
     * 0 writes every batch as read.
     */
    HISTORY_COALESCE_MS: number;
    /**
     * Every instance runs the scheduler of recurring schedules (README, Schedules): it claims due
     * schedules from the store's index and fires them. false: this instance fires none (the API
     * still serves /schedules).
     */
    SCHEDULER_ENABLED: boolean;
    /** Most due schedules one claim takes; a scheduler that took this many claims again at once. */
    SCHEDULER_BATCH: number;
    /**
     * How long a claimed schedule is held for its scheduler. A scheduler that dies between its claim
     * and recording the fire hands the schedule to another after this; the job that fire may have
     * made is not made twice (its idempotency key derives from the schedule and the tick).
     */
    SCHEDULER_LEASE_MS: number;
    /**
     * The longest a scheduler sleeps between two looks at the due index. It wakes at the next due
     * time it knows of, and at once for a schedule changed through this instance's API; one changed
     * through another instance is seen within this.
     */
    SCHEDULER_POLL_MS: number;
    /**
     * catchUp 'none': a tick is fired only if a scheduler gets to it within this many ms of its
     * time; a later one counts as missed (no instance ran when it was due). Keep it above
     * SCHEDULER_LEASE_MS: a tick whose scheduler died mid-fire is fired by another after the lease.
     */
    SCHEDULE_MISFIRE_GRACE_MS: number;
    /** How often each instance claims a batch of dirty executions and refreshes their status. */
    REFRESH_INTERVAL_MS: number;
    /** Most dirty executions one refresh claims (one script, one database statement). */
    REFRESH_BATCH: number;
    /** A refresh in flight longer than this is returned to the refresh set (its instance died). */
    REFRESH_STALE_MS: number;
    LOG_LEVEL: string;
    /**
     * Comma-separated API keys. When set, every route but /health/* and /metrics needs
     * `Authorization: Bearer <one of them>`. Keys are at least 16 printable characters, no spaces.
     */
    API_KEYS?: string;
    /**
     * Comma-separated read-only API keys (same format as API_KEYS): they may GET, HEAD and OPTIONS
     * anything; any other method answers 403. Set alone, keys are enforced and nothing can write.
     */
    API_KEYS_READONLY?: string;
    /** Entries the audit trail keeps in the job store (without history); the oldest go first. */
    AUDIT_MAX_ENTRIES: number;
    /** true: no tracing at all, whatever the other OTEL_* variables say (they are then not checked). */
    OTEL_SDK_DISABLED: boolean;
    /** otlp, console or none, comma-separated. Unset: otlp when an OTLP endpoint is set, else tracing is off. */
    OTEL_TRACES_EXPORTER?: string;
    /** The collector's base URL; traces go to <it>/v1/traces. Setting it turns tracing on (exporter otlp). */
    OTEL_EXPORTER_OTLP_ENDPOINT?: string;
    /** The full URL traces are posted to (wins over OTEL_EXPORTER_OTLP_ENDPOINT). Setting it turns tracing on. */
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
    OTEL_EXPORTER_OTLP_PROTOCOL?: string;
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: string;
    /** service.name of the spans (default claimq; wins over a service.name in OTEL_RESOURCE_ATTRIBUTES). */
    OTEL_SERVICE_NAME?: string;
    /** More resource attributes: key=value,key=value with percent-encoded values. */
    OTEL_RESOURCE_ATTRIBUTES?: string;
    OTEL_TRACES_SAMPLER: string;
    /** The ratio of the traceidratio samplers, 0 to 1 (default 1). */
    OTEL_TRACES_SAMPLER_ARG?: string;
}
export declare function validateEnvironment(raw: Record<string, unknown>): EnvironmentVariables;
/** Variables whose values are credentials: an error names them but does not print them. */
export declare const SECRET_VARIABLES: ReadonlySet<string>;
/** A comma-separated variable's entries, trimmed, empty ones dropped. */
export declare function splitList(value: string | undefined): string[];
