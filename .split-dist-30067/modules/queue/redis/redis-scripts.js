"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisScripts = void 0;
exports.withKeyPreludes = withKeyPreludes;
const node_crypto_1 = require("node:crypto");
const errors_1 = require("../../../domain/errors");
const store_errors_1 = require("../store-errors");
const lua_script_loader_1 = require("./lua-script-loader");
const redis_connection_1 = require("./redis-connection");
const script_keys_1 = require("./script-keys");
let cachedScripts;
function commandName(script) {
    return `claimq_${script.replace(/-/g, '_')}`;
}
/** How long a durable call (script + WAIT) keeps retrying through a failover before it gives up. */
const DURABLE_RETRY_MS = 5_000;
const DURABLE_RETRY_DELAY_MS = 250;
/**
 * The Lua scripts, registered on one client with defineCommand: ioredis sends EVALSHA and reloads
 * the script on NOSCRIPT by itself (a promoted replica starts with an empty script cache), and on a
 * cluster follows MOVED and ASK and retries through a failover. Scripts are read from disk once per
 * process.
 */
class RedisScripts {
    redis;
    constructor(redis) {
        this.redis = redis;
        cachedScripts ??= new Map([...withKeyPreludes((0, lua_script_loader_1.loadLuaScripts)())].map(([name, lua]) => [name, { lua, sha: sha1(lua) }]));
        for (const [name, { lua }] of cachedScripts) {
            redis.defineCommand(commandName(name), { lua });
        }
    }
    /**
     * The keys are the queue's keys this script's SCRIPT_KEYS entry names. Keys and arguments go as arrays, which ioredis flattens into the command: spread into the call
     * they would be function arguments, and V8 throws RangeError past about 120,000 of them (an
     * execution of 10,000 jobs sends up to 26 per job).
     */
    run(script, queue, args) {
        const command = this.redis[commandName(script)];
        const keys = queue.forScript(script);
        return command.call(this.redis, keys.length, keys, args);
    }
    /**
     * Runs a script and then WAIT for `wait.replicas` replicas, in one pipeline: the WAIT goes to the
     * node that ran the script, right after it on the same connection, so it waits for exactly that
     * write (WAIT inside a script does not block). ioredis does not send a pipeline with a write
     * again after MOVED, so this call retries the pair itself, for up to DURABLE_RETRY_MS: every
     * script is safe to run twice. Fewer replicas than asked within the timeout is
     * StoreUnavailableError: the write is on the master, but a failover now could lose it.
     */
    async runDurable(script, queue, args, wait) {
        const { lua, sha } = cachedScripts.get(script);
        const keys = queue.forScript(script);
        const until = Date.now() + DURABLE_RETRY_MS;
        let useEval = false;
        for (;;) {
            let error;
            try {
                const pipeline = this.redis.pipeline();
                // arrays, flattened by ioredis (see run); the typings know only spread arguments
                const scripted = pipeline;
                if (useEval)
                    scripted.eval(lua, keys.length, keys, args);
                else
                    scripted.evalsha(sha, keys.length, keys, args);
                pipeline.wait(wait.replicas, wait.timeoutMs);
                const [[scriptError, reply], [waitError, acked]] = (await pipeline.exec());
                if (!scriptError) {
                    if (waitError)
                        throw waitError;
                    if (Number(acked) < wait.replicas) {
                        throw new errors_1.StoreUnavailableError(`the write reached the master, but only ${Number(acked)} of ${wait.replicas} replicas confirmed it within ${wait.timeoutMs} ms (REDIS_WAIT_REPLICAS): a failover now could lose it`);
                    }
                    return reply;
                }
                error = scriptError;
            }
            catch (thrown) {
                if (thrown instanceof errors_1.StoreUnavailableError)
                    throw thrown;
                error = thrown;
            }
            const message = error instanceof Error ? error.message : String(error);
            if (/^NOSCRIPT\b/.test(message) && !useEval) {
                // the script did not run: a promoted replica starts with an empty script cache
                useEval = true;
                continue;
            }
            // retried as a whole: the node is changing hands or cannot be reached (MOVED, TRYAGAIN, a closed connection...)
            if (!(0, store_errors_1.isConnectionError)(error))
                throw error;
            if (Date.now() >= until)
                throw new errors_1.StoreUnavailableError(`Redis is unavailable: ${message} (retried for ${DURABLE_RETRY_MS} ms)`);
            if ((0, redis_connection_1.isCluster)(this.redis))
                this.redis.refreshSlotsCache();
            await new Promise((resolve) => setTimeout(resolve, DURABLE_RETRY_DELAY_MS));
        }
    }
}
exports.RedisScripts = RedisScripts;
function sha1(text) {
    return (0, node_crypto_1.createHash)('sha1').update(text).digest('hex');
}
/**
 * Each script with the prelude that names its KEYS (script-keys.ts), after its `#!lua` line
 * (which must stay first). A script file without an entry in SCRIPT_KEYS is an error: it would run
 * with no keys.
 */
function withKeyPreludes(scripts) {
    const out = new Map();
    for (const [name, lua] of scripts) {
        if (!(name in script_keys_1.SCRIPT_KEYS))
            throw new Error(`src/lua/${name}.lua has no entry in SCRIPT_KEYS (script-keys.ts)`);
        const newline = lua.indexOf('\n');
        const shebang = lua.startsWith('#!') ? lua.slice(0, newline + 1) : '';
        out.set(name, `${shebang}${(0, script_keys_1.keyPrelude)(name)}\n${lua.slice(shebang.length)}`);
    }
    return out;
}
//# sourceMappingURL=redis-scripts.js.map