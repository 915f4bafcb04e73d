import { Logger } from '@nestjs/common';
import { withinTimeout } from '../../../common/within-timeout';
import { evictionRisk, evictionWarning, MIN_REDIS_VERSION, RedisServerInfo, versionAtLeast } from './redis-server-info';
import { StoreHealth } from '../store-health';

interface RedisLikeStore {
  ping(): Promise<void>;
  serverInfo?(): Promise<RedisServerInfo>;
  /** Throws when the store cannot run at all (a Redis Cluster that does not answer, or is not ok). */
  checkTopology?(timeoutMs: number): Promise<void>;
}

/** How long the start waits for a Redis Cluster to answer (and be ok) before it gives up. */
const CLUSTER_START_TIMEOUT_MS = 10_000;

/** How long the start waits for the server's settings before leaving the check to readiness. */
const START_CHECK_TIMEOUT_MS = 2_000;

/** How long readiness reuses the server's settings before reading them again (one INFO). */
const SETTINGS_TTL_MS = 30_000;

/**
 * Redis: pings over the store's own connection, and checks the server's version and memory
 * settings: at start (a Redis below MIN_REDIS_VERSION stops the start; an eviction policy other
 * than noeviction is logged as a warning naming it) and in readiness (the policy is in the
 * details; an allkeys-* policy fails readiness unless REDIS_ALLOW_EVICTION=true).
 */
export class RedisStoreHealth extends StoreHealth {
  private readonly logger = new Logger('Redis');
  private cached: { info: RedisServerInfo; at: number } | undefined;

  constructor(
    readonly name: string,
    private readonly store: RedisLikeStore,
    private readonly allowEviction: boolean,
  ) {
    super();
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  /** The start check; a Redis that cannot be reached now is checked by readiness once it can. */
  override async checkAtStart(): Promise<void> {
    await this.store.checkTopology?.(CLUSTER_START_TIMEOUT_MS);
    let info: RedisServerInfo;
    try {
      info = await withinTimeout(this.info(true), START_CHECK_TIMEOUT_MS);
    } catch (err) {
      this.logger.warn(`could not read the Redis server's version and memory settings at start: ${(err as Error).message}`);
      return;
    }
    if (!versionAtLeast(info.version, MIN_REDIS_VERSION)) {
      throw new Error(`claimq needs Redis ${MIN_REDIS_VERSION} or later (its scripts use #!lua flags); this server is Redis ${info.version}`);
    }
    const warning = evictionWarning(info.maxmemoryPolicy);
    if (warning) this.logger.warn(warning);
  }

  override async settings(): Promise<{ details: Record<string, unknown>; unfit?: string }> {
    const info = await this.info(false);
    const details = { version: info.version, maxmemory: info.maxmemory, maxmemoryPolicy: info.maxmemoryPolicy };
    if (!versionAtLeast(info.version, MIN_REDIS_VERSION)) {
      return { details, unfit: `Redis ${info.version} is older than ${MIN_REDIS_VERSION}, which claimq needs` };
    }
    if (evictionRisk(info.maxmemoryPolicy) === 'unsafe' && !this.allowEviction) {
      return { details, unfit: evictionWarning(info.maxmemoryPolicy) };
    }
    return { details };
  }

  private async info(fresh: boolean): Promise<RedisServerInfo> {
    if (!this.store.serverInfo) return { version: MIN_REDIS_VERSION, maxmemory: 0, maxmemoryPolicy: 'noeviction' };
    const now = Date.now();
    if (!fresh && this.cached && now - this.cached.at < SETTINGS_TTL_MS) return this.cached.info;
    const info = await this.store.serverInfo();
    this.cached = { info, at: now };
    return info;
  }
}
