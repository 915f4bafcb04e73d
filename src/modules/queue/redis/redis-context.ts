import { Clock, systemClock } from '../../../domain/clock';
import { DEFAULT_HARD_TIMEOUT_GRACE_MS } from '../../../domain/hard-time-limit';
import { RedisAvailability } from './redis-availability';
import { RedisClient } from './redis-connection';
import { queueSetKey, RedisQueueKeys } from './redis-queue-keys';
import { RedisScripts, ReplicaWait, ScriptName } from './redis-scripts';
import type { RedisEngineOptions } from './redis-engine';

/** HISTORY_BACKLOG_MAX_MB's default, in bytes. */
const DEFAULT_HISTORY_BACKLOG_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * What every port of the Redis engine shares: the connection, the scripts, each queue's keys, the
 * clock and the settings the scripts take. Every state change is one script over one queue's keys
 * (one hash slot): `run` passes the time and EVENTS_MAXLEN first, as every script reads them.
 */
export class RedisContext {
  readonly redis: RedisClient;
  readonly prefix: string;
  readonly clock: Clock;
  readonly scripts: RedisScripts;
  /** Every command goes through it: a Redis that does not answer is StoreUnavailableError. */
  readonly availability: RedisAvailability;
  readonly configuredQueues: string[];
  /** REDIS_WAIT_REPLICAS: enqueues, executions and completions wait for these replicas. */
  readonly replicaWait: ReplicaWait | undefined;
  readonly graceMs: number;
  readonly eventsMaxLen: number;
  readonly historyBacklogMaxBytes: number;
  /** complete.lua's ARGV[3]. */
  readonly deleteSucceededFlag: '0' | '1';
  /** HTTP_HOST_CONCURRENCY: host groups' cap (claim.lua's ARGV[8]; 0 = none). */
  readonly hostConcurrency: number;
  /** claim.lua's ARGV[10]: return the jobs' trace context (tracing on). */
  readonly traceContextFlag: '0' | '1';
  readonly random: () => number;
  /** Called with a queue (a partition) where a settle or reap put a group held at its cap back in the round. */
  rejoinListener: ((queue: string) => void) | undefined;
  private readonly keyCache = new Map<string, RedisQueueKeys>();
  private readonly registeredQueues = new Set<string>();

  constructor(options: RedisEngineOptions) {
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.clock = options.clock ?? systemClock;
    this.scripts = new RedisScripts(this.redis);
    this.availability = new RedisAvailability(this.redis);
    this.configuredQueues = options.configuredQueues ?? [];
    this.replicaWait = options.replicaWait && options.replicaWait.replicas > 0 ? options.replicaWait : undefined;
    this.graceMs = options.hardTimeoutGraceMs ?? DEFAULT_HARD_TIMEOUT_GRACE_MS;
    this.eventsMaxLen = options.eventsMaxLen ?? 100_000;
    this.historyBacklogMaxBytes = options.historyBacklogMaxBytes ?? DEFAULT_HISTORY_BACKLOG_MAX_BYTES;
    this.deleteSucceededFlag = options.deleteSucceeded === true ? '1' : '0';
    this.hostConcurrency = options.hostConcurrency ?? 0;
    this.traceContextFlag = options.traceContext === true ? '1' : '0';
    this.random = options.random ?? (() => Math.random());
  }

  /** `op` through the availability guard (StoreUnavailableError when Redis does not answer). */
  call<T>(op: () => Promise<T>): Promise<T> {
    return this.availability.call(op);
  }

  /**
   * `now` is passed when the caller also uses it, so the script and the reply agree on the time.
   * With `wait`, the reply comes once that many replicas hold the write (RedisScripts.runDurable).
   */
  run(script: ScriptName, queue: string, args: (string | number)[], now = this.clock.now(), wait?: ReplicaWait): Promise<unknown> {
    const all = [now, this.eventsMaxLen, ...args];
    return wait ? this.scripts.runDurable(script, this.keys(queue), all, wait) : this.scripts.run(script, this.keys(queue), all);
  }

  keys(queue: string): RedisQueueKeys {
    let keys = this.keyCache.get(queue);
    if (!keys) {
      keys = new RedisQueueKeys(this.prefix, queue);
      this.keyCache.set(queue, keys);
    }
    return keys;
  }

  /** Adds `queue` to the set of queues (once per process). */
  async registerQueue(queue: string): Promise<void> {
    if (this.registeredQueues.has(queue)) return;
    await this.redis.sadd(queueSetKey(this.prefix), queue);
    this.registeredQueues.add(queue);
  }

  /** The queues ever stored, plus the configured ones. */
  async queues(): Promise<string[]> {
    const stored = await this.call(() => this.redis.smembers(queueSetKey(this.prefix)));
    return [...new Set([...this.configuredQueues, ...stored])].sort();
  }
}
