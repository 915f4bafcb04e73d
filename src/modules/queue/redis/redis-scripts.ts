import type { Redis } from 'ioredis';
import { loadLuaScripts } from './lua-script-loader';

export type ScriptName =
  | 'enqueue'
  | 'claim'
  | 'heartbeat'
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
type ScriptCommand = (numKeys: number, ...args: ScriptArg[]) => Promise<unknown>;

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

  run(script: ScriptName, keys: string[], args: ScriptArg[]): Promise<unknown> {
    const command = (this.redis as unknown as Record<string, ScriptCommand>)[commandName(script)];
    return command.call(this.redis, keys.length, ...keys, ...args);
  }

}
