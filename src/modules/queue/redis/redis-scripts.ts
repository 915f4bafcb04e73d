import type { Redis } from 'ioredis';
import { loadLuaScripts } from './lua-script-loader';

export type ScriptName =
  | 'enqueue'
  | 'claim'
  | 'heartbeat'
  | 'stray-leases'
  | 'complete'
  | 'fail'
  | 'release'
  | 'cancel'
  | 'retry'
  | 'reap'
  | 'reap-workers'
  | 'promote'
  | 'trim'
  | 'trim-executions'
  | 'create-execution'
  | 'cancel-execution'
  | 'refresh-claim'
  | 'refresh-ack'
  | 'refresh-requeue';

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
    cachedScripts ??= loadLuaScripts();
    for (const [name, lua] of cachedScripts) {
      redis.defineCommand(commandName(name as ScriptName), { lua });
    }
  }

  /**
   * Keys and arguments go as arrays, which ioredis flattens into the command: spread into the call
   * they would be function arguments, and V8 throws RangeError past about 120,000 of them (an
   * execution of 10,000 jobs sends up to 26 per job).
   */
  run(script: ScriptName, keys: string[], args: ScriptArg[]): Promise<unknown> {
    const command = (this.redis as unknown as Record<string, ScriptCommand>)[commandName(script)];
    return command.call(this.redis, keys.length, keys, args);
  }
}
