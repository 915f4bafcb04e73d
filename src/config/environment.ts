import { DEFAULT_JOB_LOG_LINES, MAX_JOB_LOG_LINES } from '../domain/job-progress';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf, validateSync } from 'class-validator';
import { CallbackSigner } from '../domain/callback-signature';
import { EGRESS_MODES, EgressMode, parseCidr } from '../domain/egress-policy';
import { HTTP_TOKEN } from '../domain/http-job';
import { DEFAULT_SECRET_HEADERS } from '../domain/http-job-secrets';
import { SecretBox } from '../domain/secret-box';
import { parseWorkerKey } from '../domain/worker-key';
import { parseClusterNodes } from './redis-cluster-nodes';
import { MAX_QUEUE_PARTITIONS } from '../domain/queue-partition';
import { MAX_GROUP_CONCURRENCY } from '../domain/fairness';
import { parseQueueList } from './queue-list';
import { OTLP_PROTOCOLS, TRACE_SAMPLERS, tracingSettingsErrors } from './tracing-settings';
import { MAX_WAIT_REPLICAS, MAX_HTTP_REDIRECTS, MAX_BODY_BYTES_LIMIT, MAX_EVENTS_MAXLEN, MAX_HISTORY_BACKLOG_MB, MAX_PAYLOAD_BYTES_LIMIT, MIN_HISTORY_BACKLOG_MB, MAX_REAPER_BATCH, MAX_REFRESH_BATCH, MAX_WORKER_CONCURRENCY, MAX_HISTORY_RETENTION_DAYS, MAX_HISTORY_COALESCE_MS, MAX_SCHEDULER_BATCH, MAX_AUDIT_ENTRIES, MAX_WORKER_IDLE_WAIT_MS, DEFAULT_STREAMS_MAX, MAX_STREAMS_MAX } from './batch-limits';

/** A comma-separated list of keys of at least 16 printable characters, no spaces or commas. */
const API_KEY_LIST = /^\s*[!-+\--~]{16,}\s*(,\s*[!-+\--~]{16,}\s*)*$/;

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const toLowerCase = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
/** The OTEL_* variables are checked unless OTEL_SDK_DISABLED=true, which turns tracing off whatever they say. */
const unlessSdkDisabled = ValidateIf((env: EnvironmentVariables) => env.OTEL_SDK_DISABLED !== true);
const OTLP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : value;
};

/**
 * Every environment variable claimq reads, with its default. Validated once at start; a bad value
 * stops the process with the variable's name and the reason. Nothing else reads process.env.
 */
export class EnvironmentVariables {
  @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsIn(['all', 'api', 'worker'])
  MODE: 'all' | 'api' | 'worker' = 'all';

  @IsIn(['memory', 'redis'])
  JOB_STORE: 'memory' | 'redis' = 'memory';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis:// or rediss://' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /**
   * Seed nodes of a Redis Cluster (`host:port,host:port,...`); when set, JOB_STORE=redis runs on
   * the cluster and REDIS_URL is not read. An entry may be a redis:// or rediss:// URL with
   * `user:password@`: its credentials and TLS apply to every node (README, Redis Cluster).
   */
  @IsOptional() @IsString()
  REDIS_CLUSTER_NODES?: string = undefined;

  /**
   * Replicas that must hold an enqueue, an execution or a completion before claimq acknowledges it
   * (WAIT after the write): 1 makes an acknowledged job survive a failover. 0: acknowledged once
   * the master has it (asynchronous replication may lose the last writes in a failover).
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_WAIT_REPLICAS)
  REDIS_WAIT_REPLICAS = 0;

  /** How long a write waits for REDIS_WAIT_REPLICAS; then the client gets 503 (the write is on the master only). */
  @Transform(toInt) @IsInt() @Min(1) @Max(60_000)
  REDIS_WAIT_TIMEOUT_MS = 1_000;

  @Matches(/^[A-Za-z0-9_.-]{1,50}$/, { message: 'REDIS_PREFIX must match [A-Za-z0-9_.-]{1,50}' })
  REDIS_PREFIX = 'claimq';

  /**
   * Accept a Redis whose maxmemory-policy is allkeys-* (which may delete job keys under memory
   * pressure): readiness fails on such a Redis unless this is true. Other policies only warn.
   */
  @Transform(toBool) @IsBoolean()
  REDIS_ALLOW_EVICTION = false;

  @Transform(toInt) @IsInt() @Min(1000)
  LEASE_MS = 300_000;

  @Transform(toInt) @IsInt() @Min(100)
  HEARTBEAT_MS = 60_000;

  @Transform(toInt) @IsInt() @Min(100)
  REAPER_INTERVAL_MS = 15_000;

  /**
   * Log lines kept per job (a handler's ctx.log, a remote worker's report): the newest this many,
   * the older ones dropped and counted (src/domain/job-progress.ts). 0 keeps none.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_JOB_LOG_LINES)
  JOB_LOG_LINES = DEFAULT_JOB_LOG_LINES;

  /**
   * Server-sent event streams (GET /jobs/:id/events, GET /queues/:name/events) one API process
   * holds open at once; one more is answered 503 with Retry-After: 1 (the client goes on with
   * another process, or later).
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_STREAMS_MAX)
  STREAMS_MAX = DEFAULT_STREAMS_MAX;

  /**
   * The longest an idle worker waits for a wake-up before it claims anyway (a wake-up lost on the
   * way, say by a writer that died between its write and its wake-up, costs at most this). Every
   * enqueue, release, retry and due job wakes a waiting worker at once, and so does a scheduled job
   * due sooner than those a worker waits for, so this is a safety net, not a poll: an idle worker
   * sends a queue's Redis 7 commands per wait. A wake-up is a token one waiter pops, so a process
   * stalled in its wait (SIGSTOP, a long pause) swallows the ones it pops: a worker elsewhere then
   * waits this long, which is why it stays short.
   */
  @Transform(toInt) @IsInt() @Min(100) @Max(MAX_WORKER_IDLE_WAIT_MS)
  WORKER_IDLE_WAIT_MS = 5_000;

  /**
   * Most records one reaper script touches in one call (Redis blocks while a script runs). At most
   * 10,000: the largest batch any other script moves (a claim at WORKER_CONCURRENCY's max, an
   * execution), which the contract tests run at; a reap of 10,000 leases blocks Redis for tens of
   * ms, and a pass does up to 10 rounds per step anyway.
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_REAPER_BATCH)
  REAPER_BATCH = 1000;

  /**
   * Default 3 x HEARTBEAT_MS. Must be more than HEARTBEAT_MS (a live worker would be reaped
   * between two beats); more than 2 x HEARTBEAT_MS is recommended, so one late beat is survived.
   */
  @Transform(toInt) @IsOptional() @IsInt() @Min(100)
  WORKER_DEAD_MS?: number;

  /**
   * How long past its timeoutMs a job may keep its lease while its worker still heartbeats: at
   * startedAt + timeoutMs + this grace the lease stops being renewed and the reaper ends the attempt.
   */
  @Transform(toInt) @IsInt() @Min(0)
  HARD_TIMEOUT_GRACE_MS = 60_000;

  /** Jobs a worker process runs at once per queue (each queue of QUEUES has its own slots). */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_WORKER_CONCURRENCY)
  WORKER_CONCURRENCY = 50;

  /**
   * Queue names, comma-separated; `name:N` gives that queue N partitions (1 to 64) instead of
   * QUEUE_PARTITIONS. A final `:<digits>` is always read as the count: a queue whose own name ends
   * in one is written `name:1:1` (its name, then its count).
   */
  @Matches(/^[A-Za-z0-9_.:-]{1,100}(,[A-Za-z0-9_.:-]{1,100})*$/, {
    message: 'QUEUES must be a comma-separated list of names matching [A-Za-z0-9_.:-]{1,100}, each optionally followed by :<partitions>',
  })
  QUEUES = 'default';

  /** Partitions of every queue QUEUES gives no count (1 to 64); each partition is its own Redis hash slot. */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_QUEUE_PARTITIONS)
  QUEUE_PARTITIONS = 1;

  /** Largest job payload (its JSON); at most 16 MiB, which the tests run (a job is one Redis hash). */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_PAYLOAD_BYTES_LIMIT)
  MAX_PAYLOAD_BYTES = 512 * 1024;

  /**
   * Largest request body; larger ones get 413 before they are read. The default fits the largest
   * request the API takes, an execution of 10,000 jobs, at about 1.6 KB per job (its fields and a
   * payload of about 1 KB), and is answered within 2 s on both stores (BENCHMARKS.md, bench:body).
   * Up to 64 MiB (tested) for larger jobs: 10,000 jobs with every field at its maximum need 27.5 MB.
   */
  @Transform(toInt) @IsInt() @Min(1024) @Max(MAX_BODY_BYTES_LIMIT)
  MAX_BODY_BYTES = 16 * 1024 * 1024;

  @Transform(toInt) @IsInt() @Min(0)
  SUCCEEDED_RETENTION_MS = 24 * 3600 * 1000;

  @Transform(toInt) @IsInt() @Min(0)
  FAILED_RETENTION_MS = 7 * 24 * 3600 * 1000;

  /** How long a finished execution's counters stay in the store after its last refresh (history keeps them). */
  @Transform(toInt) @IsInt() @Min(0)
  EXECUTION_RETENTION_MS = 7 * 24 * 3600 * 1000;

  @Transform(toInt) @IsInt() @Min(0)
  SHUTDOWN_GRACE_MS = 30_000;

  @IsOptional() @IsString()
  HTTP_JOB_ALLOWED_HOSTS?: string;

  /**
   * Which addresses `http` jobs and callbacks may connect to, judged on the address dialed.
   * `default` refuses link-local (cloud metadata), unspecified, multicast and broadcast addresses;
   * `public-only` refuses loopback and private networks as well (README, Security).
   */
  @IsIn(EGRESS_MODES)
  HTTP_EGRESS: EgressMode = 'default';

  /** Comma-separated CIDRs or addresses allowed whatever HTTP_EGRESS refuses (the most specific entry of the two lists wins). */
  @IsOptional() @IsString()
  HTTP_EGRESS_ALLOW?: string;

  /** Comma-separated CIDRs or addresses refused whatever HTTP_EGRESS allows. */
  @IsOptional() @IsString()
  HTTP_EGRESS_DENY?: string;

  /** Redirects an `http` job follows; each hop passes the egress policy and HTTP_JOB_ALLOWED_HOSTS. 0: none followed. */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_HTTP_REDIRECTS)
  HTTP_MAX_REDIRECTS = 5;

  /**
   * Fairness for `http` jobs: one without a `group` gets its target host's (`host:<host>`), and
   * such a group runs at most this many jobs at once across the fleet (a group's or the queue's
   * own cap may be lower). 0: off, `http` jobs without a group stay in the queue's default group.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_GROUP_CONCURRENCY)
  HTTP_HOST_CONCURRENCY = 100;

  /** Request headers of `http` jobs whose values are secret: sealed at rest, "[redacted]" in every view. */
  @Matches(new RegExp(`^\\s*${HTTP_TOKEN}\\s*(,\\s*${HTTP_TOKEN}\\s*)*$`), {
    message: 'HTTP_SECRET_HEADERS must be a comma-separated list of header names',
  })
  HTTP_SECRET_HEADERS = DEFAULT_SECRET_HEADERS.join(',');

  /**
   * Comma-separated 32-byte keys (base64 or hex) that encrypt secret headers at rest (AES-256-GCM):
   * the first seals, all open. Unset: secrets are stored unencrypted (a warning at start).
   */
  @IsOptional() @IsString()
  SECRETS_KEYS?: string = undefined;

  /**
   * Comma-separated secrets (32+ characters, no whitespace) that sign every callback and `http` job
   * request (Claimq-Signature): one signature per secret, the first being the current one, so a
   * secret is rotated without receivers failing. Unset: requests go out unsigned.
   */
  @IsOptional() @IsString()
  CALLBACK_SIGNING_SECRET?: string = undefined;

  /** PostgreSQL for job history (postgres://user:pass@host:5432/db?sslmode=...). Unset: no history, nothing connects. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres:// or postgresql://' })
  DATABASE_URL?: string = undefined;

  /** Run the history schema migrations at start (one instance at a time, under an advisory lock). */
  @Transform(toBool) @IsBoolean()
  DB_MIGRATE = false;

  /**
   * Events of each queue's stream (each partition's) that the history writer has already
   * acknowledged, kept about this many (the reaper trims the oldest; approximate, by whole stream
   * nodes). Events the writer has not acknowledged are never trimmed for it: their bound is
   * HISTORY_BACKLOG_MAX_MB. Without history (no consumer group on the stream) the stream keeps
   * about this many events.
   */
  @Transform(toInt) @IsInt() @Min(1000) @Max(MAX_EVENTS_MAXLEN)
  EVENTS_MAXLEN = 1_000_000;

  /**
   * Memory one event stream (one queue partition; the memory store's log as a whole) may hold for
   * the history writer, in MiB. Past it (a long PostgreSQL outage) the oldest unread events are
   * dropped and recorded as a gap (history_gaps, claimq_history_dropped_events_total, an error
   * log line, /health/ready). 1024 MiB holds about 10 million events (about an hour of
   * 1,000 jobs/s, three events each).
   */
  @Transform(toInt) @IsInt() @Min(MIN_HISTORY_BACKLOG_MB) @Max(MAX_HISTORY_BACKLOG_MB)
  HISTORY_BACKLOG_MAX_MB = 1024;

  /** Most job events the history writer puts in one batch (one statement per table). */
  @Transform(toInt) @IsInt() @Min(1) @Max(10_000)
  HISTORY_BATCH = 2000;

  /** Time span of one history partition (job_records, job_attempts, executions): `day` or `week`. */
  @IsIn(['day', 'week'])
  HISTORY_PARTITION: 'day' | 'week' = 'day';

  /**
   * Days of history kept, counted from each job's creation (each execution's): partitions whose
   * whole span is older are dropped. 0 keeps everything.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_HISTORY_RETENTION_DAYS)
  HISTORY_RETENTION_DAYS = 30;

  /**
   * How long the history writer may hold a batch whose jobs have not finished, reading on, so
   * that a job that finishes within it is written once, final, instead of inserted then updated.
   * 0 writes every batch as read.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(MAX_HISTORY_COALESCE_MS)
  HISTORY_COALESCE_MS = 1000;

  /**
   * Every instance runs the scheduler of recurring schedules (README, Schedules): it claims due
   * schedules from the store's index and fires them. false: this instance fires none (the API
   * still serves /schedules).
   */
  @Transform(toBool) @IsBoolean()
  SCHEDULER_ENABLED = true;

  /** Most due schedules one claim takes; a scheduler that took this many claims again at once. */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_SCHEDULER_BATCH)
  SCHEDULER_BATCH = 1_000;

  /**
   * How long a claimed schedule is held for its scheduler. A scheduler that dies between its claim
   * and recording the fire hands the schedule to another after this; the job that fire may have
   * made is not made twice (its idempotency key derives from the schedule and the tick).
   */
  @Transform(toInt) @IsInt() @Min(1_000) @Max(300_000)
  SCHEDULER_LEASE_MS = 10_000;

  /**
   * The longest a scheduler sleeps between two looks at the due index. It wakes at the next due
   * time it knows of, and at once for a schedule changed through any instance's API (the store
   * signals it), so this is the safety net for a signal lost on its way; while an instance cannot
   * hear the signals it looks at least every second.
   */
  @Transform(toInt) @IsInt() @Min(50) @Max(60_000)
  SCHEDULER_POLL_MS = 60_000;

  /**
   * catchUp 'none': a tick is fired only if a scheduler gets to it within this many ms of its
   * time; a later one counts as missed (no instance ran when it was due). Keep it above
   * SCHEDULER_LEASE_MS: a tick whose scheduler died mid-fire is fired by another after the lease.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(86_400_000)
  SCHEDULE_MISFIRE_GRACE_MS = 15_000;

  /** How often each instance claims a batch of dirty executions and refreshes their status. */
  @Transform(toInt) @IsInt() @Min(10)
  REFRESH_INTERVAL_MS = 1000;

  /** Most dirty executions one refresh claims (one script, one database statement). */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_REFRESH_BATCH)
  REFRESH_BATCH = 500;

  /** A refresh in flight longer than this is returned to the refresh set (its instance died). */
  @Transform(toInt) @IsInt() @Min(1000)
  REFRESH_STALE_MS = 60_000;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Comma-separated API keys. When set, every route but /health/* and /metrics needs
   * `Authorization: Bearer <one of them>`. Keys are at least 16 printable characters, no spaces.
   */
  @IsOptional()
  @Matches(API_KEY_LIST, {
    message: 'API_KEYS must be a comma-separated list of keys of at least 16 printable characters without spaces or commas',
  })
  API_KEYS?: string = undefined;

  /**
   * Comma-separated read-only API keys (same format as API_KEYS): they may GET, HEAD and OPTIONS
   * anything; any other method answers 403. Set alone, keys are enforced and nothing can write.
   */
  @IsOptional()
  @Matches(API_KEY_LIST, {
    message: 'API_KEYS_READONLY must be a comma-separated list of keys of at least 16 printable characters without spaces or commas',
  })
  API_KEYS_READONLY?: string = undefined;

  /**
   * Comma-separated worker keys, each `<key>@<queues>` (`*`, or queue names joined by `|`): they may
   * only claim, heartbeat and settle jobs of their queues (docs/remote-workers.md); any other route
   * answers 403. Parsed in listErrors (domain/worker-key.ts), whose messages never show a key.
   */
  @IsOptional()
  @IsString()
  API_KEYS_WORKER?: string = undefined;

  /** Entries the audit trail keeps in the job store (without history); the oldest go first. */
  @Transform(toInt) @IsInt() @Min(1) @Max(MAX_AUDIT_ENTRIES)
  AUDIT_MAX_ENTRIES = 10_000;

  // OpenTelemetry traces (README, Traces; parsed in tracing-settings.ts). Off unless an exporter is asked for.

  /** true: no tracing at all, whatever the other OTEL_* variables say (they are then not checked). */
  @Transform(toBool) @IsBoolean()
  OTEL_SDK_DISABLED = false;

  /** otlp, console or none, comma-separated. Unset: otlp when an OTLP endpoint is set, else tracing is off. */
  @unlessSdkDisabled @IsOptional() @Transform(toLowerCase)
  @Matches(/^\s*(otlp|console|none)\s*(,\s*(otlp|console|none)\s*)*$/, {
    message: 'OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console and none (claimq exports traces over OTLP/HTTP or to the console)',
  })
  OTEL_TRACES_EXPORTER?: string = undefined;

  /** The collector's base URL; traces go to <it>/v1/traces. Setting it turns tracing on (exporter otlp). */
  @unlessSdkDisabled @IsOptional() @Matches(OTLP_URL, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string = undefined;

  /** The full URL traces are posted to (wins over OTEL_EXPORTER_OTLP_ENDPOINT). Setting it turns tracing on. */
  @unlessSdkDisabled @IsOptional() @Matches(OTLP_URL, { message: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http:// or https:// URL' })
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string = undefined;

  @unlessSdkDisabled @IsOptional() @Transform(toLowerCase)
  @IsIn(OTLP_PROTOCOLS, { message: `OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${OTLP_PROTOCOLS.join(', ')} (claimq exports OTLP over HTTP, not gRPC)` })
  OTEL_EXPORTER_OTLP_PROTOCOL?: string = undefined;

  @unlessSdkDisabled @IsOptional() @Transform(toLowerCase)
  @IsIn(OTLP_PROTOCOLS, { message: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be one of ${OTLP_PROTOCOLS.join(', ')} (claimq exports OTLP over HTTP, not gRPC)` })
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: string = undefined;

  /** service.name of the spans (default claimq; wins over a service.name in OTEL_RESOURCE_ATTRIBUTES). */
  @unlessSdkDisabled @IsOptional() @IsString()
  OTEL_SERVICE_NAME?: string = undefined;

  /** More resource attributes: key=value,key=value with percent-encoded values. */
  @unlessSdkDisabled @IsOptional() @IsString()
  OTEL_RESOURCE_ATTRIBUTES?: string = undefined;

  @unlessSdkDisabled @Transform(toLowerCase)
  @IsIn(TRACE_SAMPLERS, { message: `OTEL_TRACES_SAMPLER must be one of ${TRACE_SAMPLERS.join(', ')}` })
  OTEL_TRACES_SAMPLER = 'parentbased_always_on';

  /** The ratio of the traceidratio samplers, 0 to 1 (default 1). */
  @unlessSdkDisabled @IsOptional() @IsString()
  OTEL_TRACES_SAMPLER_ARG?: string = undefined;
}

export function validateEnvironment(raw: Record<string, unknown>): EnvironmentVariables {
  const present = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  const lines = errors.map((e) => {
    const reasons = Object.values(e.constraints ?? {}).join('; ');
    return `${e.property}=${shown(e.property, raw[e.property])}: ${reasons}`;
  });
  // the rules between variables only mean something once each of them is valid on its own
  if (lines.length === 0) lines.push(...listErrors(env), ...timingConflicts(env));
  if (lines.length > 0) throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  return env;
}

/** Variables whose values are credentials: an error names them but does not print them. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(['API_KEYS', 'API_KEYS_READONLY', 'API_KEYS_WORKER', 'SECRETS_KEYS', 'CALLBACK_SIGNING_SECRET']);

/** A value as an error shows it: secrets hidden, the password of a URL masked. */
function shown(name: string, value: unknown): string {
  if (SECRET_VARIABLES.has(name)) return '(hidden)';
  return JSON.stringify(typeof value === 'string' ? value.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@,]*:)[^@/,]*@/gi, '$1***@') : value);
}

/** Entries of the list variables that do not parse, one line each (never echoing a key). */
function listErrors(env: EnvironmentVariables): string[] {
  const errors: string[] = [];
  for (const name of ['HTTP_EGRESS_ALLOW', 'HTTP_EGRESS_DENY'] as const) {
    for (const entry of splitList(env[name])) {
      try {
        parseCidr(entry);
      } catch (err) {
        errors.push(`${name}: ${(err as Error).message}`);
      }
    }
  }
  if (env.REDIS_CLUSTER_NODES !== undefined) {
    try {
      parseClusterNodes(env.REDIS_CLUSTER_NODES);
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  try {
    parseQueueList(env.QUEUES, env.QUEUE_PARTITIONS);
  } catch (err) {
    errors.push((err as Error).message);
  }
  errors.push(...tracingSettingsErrors(env));
  const writeKeys = new Set(splitList(env.API_KEYS));
  const readKeys = new Set(splitList(env.API_KEYS_READONLY));
  if ([...readKeys].some((key) => writeKeys.has(key))) {
    errors.push('API_KEYS, API_KEYS_READONLY: a key is in both lists (which access would it have?); keep each key in one');
  }
  const workerKeys: string[] = [];
  splitList(env.API_KEYS_WORKER).forEach((entry, index) => {
    try {
      workerKeys.push(parseWorkerKey(entry, index).key);
    } catch (err) {
      errors.push((err as Error).message);
    }
  });
  if (workerKeys.some((key) => writeKeys.has(key) || readKeys.has(key)) || new Set(workerKeys).size < workerKeys.length) {
    errors.push('API_KEYS_WORKER: a key is also in API_KEYS, API_KEYS_READONLY or twice in API_KEYS_WORKER (which access would it have?); keep each key in one entry');
  }
  try {
    new SecretBox(splitList(env.SECRETS_KEYS));
  } catch (err) {
    errors.push((err as Error).message);
  }
  if (env.CALLBACK_SIGNING_SECRET !== undefined) {
    try {
      new CallbackSigner(splitList(env.CALLBACK_SIGNING_SECRET));
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  return errors;
}

/** A comma-separated variable's entries, trimmed, empty ones dropped. */
export function splitList(value: string | undefined): string[] {
  return value?.split(',').map((v) => v.trim()).filter(Boolean) ?? [];
}

/** Lease, heartbeat and worker-death times that contradict each other, one line each. */
function timingConflicts(env: EnvironmentVariables): string[] {
  const conflicts: string[] = [];
  if (env.HEARTBEAT_MS * 2 > env.LEASE_MS) {
    conflicts.push(
      `HEARTBEAT_MS=${env.HEARTBEAT_MS}, LEASE_MS=${env.LEASE_MS}: HEARTBEAT_MS must be at most half of LEASE_MS, so a lease outlives one missed heartbeat`,
    );
  }
  if (env.WORKER_DEAD_MS !== undefined && env.WORKER_DEAD_MS <= env.HEARTBEAT_MS) {
    conflicts.push(
      `WORKER_DEAD_MS=${env.WORKER_DEAD_MS}, HEARTBEAT_MS=${env.HEARTBEAT_MS}: WORKER_DEAD_MS must be more than HEARTBEAT_MS ` +
        `(more than 2 x HEARTBEAT_MS recommended; default 3 x), or live workers lose their leases between two heartbeats`,
    );
  }
  return conflicts;
}
