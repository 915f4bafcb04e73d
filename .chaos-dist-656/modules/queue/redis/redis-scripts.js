"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisScripts = void 0;
const lua_script_loader_1 = require("./lua-script-loader");
let cachedScripts;
function commandName(script) {
    return `claimq_${script.replace(/-/g, '_')}`;
}
/**
 * The Lua scripts, registered on one connection with defineCommand: ioredis sends EVALSHA and
 * reloads the script on NOSCRIPT by itself. Scripts are read from disk once per process.
 */
class RedisScripts {
    redis;
    constructor(redis) {
        this.redis = redis;
        cachedScripts ??= (0, lua_script_loader_1.loadLuaScripts)();
        for (const [name, lua] of cachedScripts) {
            redis.defineCommand(commandName(name), { lua });
        }
    }
    run(script, keys, args) {
        const command = this.redis[commandName(script)];
        return command.call(this.redis, keys.length, ...keys, ...args);
    }
}
exports.RedisScripts = RedisScripts;
//# sourceMappingURL=redis-scripts.js.map