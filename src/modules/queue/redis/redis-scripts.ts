import type { Redis } from 'ioredis';
import { loadLuaScripts } from './lua-script-loader';
import { RedisQueueKeys } from './redis-queue-keys';
import { keyPrelude, SCRIPT_KEYS, ScriptName } from './script-keys';

export type { ScriptName } from './script-keys';

type ScriptArg = string | number;
type ScriptCommand = (numKeys: number, keys: string[], args: ScriptArg[]) => Promise<unknown>;

let cachedScripts: Map<string, string> | undefined;

function commandName(script: ScriptName): string {
  return `claimq_${script.replace(/-/g, '_')}`;
}

/**
 * The Lua scripts, registered on one connection with defineCommand: ioredis sends EVALSHA and
 * reloads the script on NOSCRIPT by itself. Scripts are read from disk once per process.
 */
export class RedisScripts {
  constructor(private readonly redis: Redis) {
    cachedScripts ??= withKeyPreludes(loadLuaScripts());
    for (const [name, lua] of cachedScripts) {
      redis.defineCommand(commandName(name as ScriptName), { lua });
    }
  }

  /**
   * The keys are the queue's keys this script's SCRIPT_KEYS entry names. Keys and arguments go as arrays, which ioredis flattens into the command: spread into the call
   * they would be function arguments, and V8 throws RangeError past about 120,000 of them (an
   * execution of 10,000 jobs sends up to 26 per job).
   */
  run(script: ScriptName, queue: RedisQueueKeys, args: ScriptArg[]): Promise<unknown> {
    const command = (this.redis as unknown as Record<string, ScriptCommand>)[commandName(script)];
    const keys = queue.forScript(script);
    return command.call(this.redis, keys.length, keys, args);
  }
}

/**
 * Each script with the prelude that names its KEYS (script-keys.ts), after its `#!lua` line
 * (which must stay first). A script file without an entry in SCRIPT_KEYS is an error: it would run
 * with no keys.
 */
export function withKeyPreludes(scripts: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, lua] of scripts) {
    if (!(name in SCRIPT_KEYS)) throw new Error(`src/lua/${name}.lua has no entry in SCRIPT_KEYS (script-keys.ts)`);
    const newline = lua.indexOf('\n');
    const shebang = lua.startsWith('#!') ? lua.slice(0, newline + 1) : '';
    out.set(name, `${shebang}${keyPrelude(name as ScriptName)}\n${lua.slice(shebang.length)}`);
  }
  return out;
}
