"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisStoreHealth = void 0;
const common_1 = require("@nestjs/common");
const within_timeout_1 = require("../../../common/within-timeout");
const redis_server_info_1 = require("./redis-server-info");
const store_health_1 = require("../store-health");
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
class RedisStoreHealth extends store_health_1.StoreHealth {
    name;
    store;
    allowEviction;
    logger = new common_1.Logger('Redis');
    cached;
    constructor(name, store, allowEviction) {
        super();
        this.name = name;
        this.store = store;
        this.allowEviction = allowEviction;
    }
    ping() {
        return this.store.ping();
    }
    /** The start check; a Redis that cannot be reached now is checked by readiness once it can. */
    async checkAtStart() {
        await this.store.checkTopology?.(CLUSTER_START_TIMEOUT_MS);
        let info;
        try {
            info = await (0, within_timeout_1.withinTimeout)(this.info(true), START_CHECK_TIMEOUT_MS);
        }
        catch (err) {
            this.logger.warn(`could not read the Redis server's version and memory settings at start: ${err.message}`);
            return;
        }
        if (!(0, redis_server_info_1.versionAtLeast)(info.version, redis_server_info_1.MIN_REDIS_VERSION)) {
            throw new Error(`claimq needs Redis ${redis_server_info_1.MIN_REDIS_VERSION} or later (its scripts use #!lua flags); this server is Redis ${info.version}`);
        }
        const warning = (0, redis_server_info_1.evictionWarning)(info.maxmemoryPolicy);
        if (warning)
            this.logger.warn(warning);
    }
    async settings() {
        const info = await this.info(false);
        const details = { version: info.version, maxmemory: info.maxmemory, maxmemoryPolicy: info.maxmemoryPolicy };
        if (!(0, redis_server_info_1.versionAtLeast)(info.version, redis_server_info_1.MIN_REDIS_VERSION)) {
            return { details, unfit: `Redis ${info.version} is older than ${redis_server_info_1.MIN_REDIS_VERSION}, which claimq needs` };
        }
        if ((0, redis_server_info_1.evictionRisk)(info.maxmemoryPolicy) === 'unsafe' && !this.allowEviction) {
            return { details, unfit: (0, redis_server_info_1.evictionWarning)(info.maxmemoryPolicy) };
        }
        return { details };
    }
    async info(fresh) {
        if (!this.store.serverInfo)
            return { version: redis_server_info_1.MIN_REDIS_VERSION, maxmemory: 0, maxmemoryPolicy: 'noeviction' };
        const now = Date.now();
        if (!fresh && this.cached && now - this.cached.at < SETTINGS_TTL_MS)
            return this.cached.info;
        const info = await this.store.serverInfo();
        this.cached = { info, at: now };
        return info;
    }
}
exports.RedisStoreHealth = RedisStoreHealth;
//# sourceMappingURL=redis-store-health.js.map