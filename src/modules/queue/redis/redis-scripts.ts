import { createHash } from 'node:crypto';
import { StoreUnavailableError } from '../../../domain/errors';
import { isConnectionError } from '../store-errors';
import { loadLuaScripts } from './lua-script-loader';
import { constantsPrelude } from './lua-constants';
import { isCluster, RedisClient } from './redis-connection';
import { RedisQueueKeys } from './redis-queue-keys';
import { keyPrelude, SCRIPT_KEYS, ScriptName } from './script-keys';

export type { ScriptName } from './script-keys';

type ScriptArg = string | number;
type ScriptCommand = (numKeys: number, keys: string[], args: ScriptArg[]) => Promise<unknown>;

let cachedScripts: Map<string, { lua: string; sha: string }> | undefined;

function commandName(script: ScriptName): string {
  return `claimq_${script.replace(/-/g, '_')}`;
}

/** REDIS_WAIT_REPLICAS and REDIS_WAIT_TIMEOUT_MS: replicas a write waits for before it is acknowledged. */
export interface ReplicaWait {
  replicas: number;
  timeoutMs: number;
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
export class RedisScripts {
  constructor(private readonly redis: RedisClient) {
    cachedScripts ??= new Map([...withPreludes(loadLuaScripts())].map(([name, lua]) => [name, { lua, sha: sha1(lua) }]));
    for (const [name, { lua }] of cachedScripts) {
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

  /**
   * Runs a script and then WAIT for `wait.replicas` replicas, in one pipeline: the WAIT goes to the
   * node that ran the script, right after it on the same connection, so it waits for exactly that
   * write (WAIT inside a script does not block). ioredis does not send a pipeline with a write
   * again after MOVED, so this call retries the pair itself, for up to DURABLE_RETRY_MS: every
   * script is safe to run twice. Fewer replicas than asked within the timeout is
   * StoreUnavailableError: the write is on the master, but a failover now could lose it.
   */
  async runDurable(script: ScriptName, queue: RedisQueueKeys, args: ScriptArg[], wait: ReplicaWait): Promise<unknown> {
    const { lua, sha } = cachedScripts!.get(script)!;
    const keys = queue.forScript(script);
    const until = Date.now() + DURABLE_RETRY_MS;
    let useEval = false;
    for (;;) {
      let error: unknown;
      try {
        const pipeline = this.redis.pipeline();
        // arrays, flattened by ioredis (see run); the typings know only spread arguments
        const scripted = pipeline as unknown as Record<'eval' | 'evalsha', (script: string, numKeys: number, keys: string[], args: ScriptArg[]) => void>;
        if (useEval) scripted.eval(lua, keys.length, keys, args);
        else scripted.evalsha(sha, keys.length, keys, args);
        pipeline.wait(wait.replicas, wait.timeoutMs);
        const [[scriptError, reply], [waitError, acked]] = (await pipeline.exec()) as [[Error | null, unknown], [Error | null, unknown]];
        if (!scriptError) {
          if (waitError) throw waitError;
          if (Number(acked) < wait.replicas) {
            throw new StoreUnavailableError(
              `the write reached the master, but only ${Number(acked)} of ${wait.replicas} replicas confirmed it within ${wait.timeoutMs} ms (REDIS_WAIT_REPLICAS): a failover now could lose it`,
            );
          }
          return reply;
        }
        error = scriptError;
      } catch (thrown) {
        if (thrown instanceof StoreUnavailableError) throw thrown;
        error = thrown;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (/^NOSCRIPT\b/.test(message) && !useEval) {
        // the script did not run: a promoted replica starts with an empty script cache
        useEval = true;
        continue;
      }
      // retried as a whole: the node is changing hands or cannot be reached (MOVED, TRYAGAIN, a closed connection...)
      if (!isConnectionError(error)) throw error;
      if (Date.now() >= until) throw new StoreUnavailableError(`Redis is unavailable: ${message} (retried for ${DURABLE_RETRY_MS} ms)`);
      if (isCluster(this.redis)) this.redis.refreshSlotsCache();
      await new Promise((resolve) => setTimeout(resolve, DURABLE_RETRY_DELAY_MS));
    }
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * Each script with its prelude, after its `#!lua` line (which must stay first): the locals that
 * name its KEYS (script-keys.ts), then the constants it shares with the TypeScript
 * (lua-constants.ts). A script file without an entry in SCRIPT_KEYS is an error: it would run
 * with no keys.
 */
export function withPreludes(scripts: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, lua] of scripts) {
    if (!(name in SCRIPT_KEYS)) throw new Error(`src/lua/${name}.lua has no entry in SCRIPT_KEYS (script-keys.ts)`);
    const newline = lua.indexOf('\n');
    const shebang = lua.startsWith('#!') ? lua.slice(0, newline + 1) : '';
    const constants = constantsPrelude(lua);
    out.set(name, `${shebang}${keyPrelude(name as ScriptName)}\n${constants === '' ? '' : `${constants}\n`}${lua.slice(shebang.length)}`);
  }
  return out;
}
