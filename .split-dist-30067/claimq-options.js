"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.claimqSettings = claimqSettings;
exports.claimqConfig = claimqConfig;
const app_config_1 = require("./config/app-config");
/** The settings `options` makes, by their environment names. */
function claimqSettings(options) {
    const out = { ...options.settings };
    const set = (name, value) => {
        if (value !== undefined)
            out[name] = String(value);
    };
    const store = options.store;
    if (store === 'memory')
        set('JOB_STORE', 'memory');
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
    if (options.history === false)
        out.DATABASE_URL = undefined;
    else if (options.history !== undefined) {
        set('DATABASE_URL', options.history.databaseUrl);
        set('DB_MIGRATE', options.history.migrate);
    }
    set('API_KEYS', options.apiKeys?.join(','));
    set('API_KEYS_READONLY', options.readOnlyApiKeys?.join(','));
    set('LOG_LEVEL', options.logLevel);
    return out;
}
/** The validated configuration `options` makes; throws naming the first bad setting. */
function claimqConfig(options = {}) {
    return app_config_1.AppConfig.from(claimqSettings(options));
}
//# sourceMappingURL=claimq-options.js.map