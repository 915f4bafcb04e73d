import type { InjectionToken, ModuleMetadata, OptionalFactoryDependency } from '@nestjs/common';
import type { TracerProvider } from '@opentelemetry/api';
import { AppConfig } from './config/app-config';

/**
 * What an app that embeds claimq sets, typed. Every field maps onto the setting of the same meaning
 * in the environment (README, Configuration), so one validation and one set of defaults serves the
 * service and the embedding app alike: an invalid value fails the start with the setting's name.
 */
export interface ClaimqModuleOptions {
  /**
   * Settings by their environment names (`LEASE_MS: '30000'`), for anything the typed fields do not
   * name. The service passes `process.env`; the typed fields win over these.
   */
  settings?: Record<string, string | undefined>;
  /** Where jobs live: this process's memory (default), or Redis. */
  store?: 'memory' | { redis: string; prefix?: string; allowEviction?: boolean };
  /** The queues the API accepts and the workers claim from (default: `default`). */
  queues?: string[];
  /** What this instance runs: the REST API, the workers, or both (default). */
  mode?: 'all' | 'api' | 'worker';
  worker?: {
    /** Jobs one instance runs at once (WORKER_CONCURRENCY). */
    concurrency?: number;
    leaseMs?: number;
    heartbeatMs?: number;
    /** A worker silent this long is dead and its jobs run again (WORKER_DEAD_MS; default 3 heartbeats). */
    deadMs?: number;
    shutdownGraceMs?: number;
    hardTimeoutGraceMs?: number;
  };
  /** Job history in PostgreSQL (off by default). */
  history?: false | { databaseUrl: string; migrate?: boolean };
  /** Bearer keys the API accepts; none: the API is open. */
  apiKeys?: string[];
  /** Bearer keys that may only read (GET, HEAD, OPTIONS); a key may not be in both lists. */
  readOnlyApiKeys?: string[];
  /** Worker keys, `<key>@<queues>` (API_KEYS_WORKER): they may only claim, heartbeat and settle jobs of their queues. */
  workerApiKeys?: string[];
  /** pino level of claimq's logs (default info). */
  logLevel?: string;
  /**
   * The app's own OpenTelemetry TracerProvider: claimq's spans go there (README, Traces), and
   * the OTEL_* exporter settings are not read. The one option that is not a setting. The app
   * keeps it (claimq flushes it at shutdown, never shuts it down); OTEL_SDK_DISABLED=true still
   * turns tracing off.
   */
  tracerProvider?: TracerProvider;
}

/** The settings `options` makes, by their environment names. */
export function claimqSettings(options: ClaimqModuleOptions): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...options.settings };
  const set = (name: string, value: string | number | boolean | undefined): void => {
    if (value !== undefined) out[name] = String(value);
  };
  const store = options.store;
  if (store === 'memory') set('JOB_STORE', 'memory');
  else if (store !== undefined) {
    set('JOB_STORE', 'redis');
    set('REDIS_URL', store.redis);
    set('REDIS_PREFIX', store.prefix);
    set('REDIS_ALLOW_EVICTION', store.allowEviction);
  }
  set('QUEUES', options.queues?.join(','));
  set('MODE', options.mode);
  const worker = options.worker ?? {};
  set('WORKER_CONCURRENCY', worker.concurrency);
  set('LEASE_MS', worker.leaseMs);
  set('HEARTBEAT_MS', worker.heartbeatMs);
  set('WORKER_DEAD_MS', worker.deadMs);
  set('SHUTDOWN_GRACE_MS', worker.shutdownGraceMs);
  set('HARD_TIMEOUT_GRACE_MS', worker.hardTimeoutGraceMs);
  if (options.history === false) out.DATABASE_URL = undefined;
  else if (options.history !== undefined) {
    set('DATABASE_URL', options.history.databaseUrl);
    set('DB_MIGRATE', options.history.migrate);
  }
  set('API_KEYS', options.apiKeys?.join(','));
  set('API_KEYS_READONLY', options.readOnlyApiKeys?.join(','));
  set('API_KEYS_WORKER', options.workerApiKeys?.join(','));
  set('LOG_LEVEL', options.logLevel);
  return out;
}

/** The validated configuration `options` makes; throws naming the first bad setting. */
export function claimqConfig(options: ClaimqModuleOptions = {}): AppConfig {
  return AppConfig.from(claimqSettings(options));
}

/**
 * ClaimqModule.forRootAsync: the options come from a factory that may inject the app's own
 * providers (ConfigService, say), as @nestjs/typeorm and @nestjs/bullmq take theirs. What the
 * module holds must be known before the factory runs, so `mode` and `history` are given here; the
 * factory's options must agree with them (the start fails naming the difference).
 */
export interface ClaimqModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: never[]) => ClaimqModuleOptions | Promise<ClaimqModuleOptions>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  /** The parts this instance runs (default all): decides which controllers and workers exist. */
  mode?: 'all' | 'api' | 'worker';
  /** Whether job history is on (default false): decides whether the PostgreSQL connection exists. */
  history?: boolean;
  /** The app's own TracerProvider (ClaimqModuleOptions.tracerProvider), given here: the tracer is built with the module. */
  tracerProvider?: TracerProvider;
}
