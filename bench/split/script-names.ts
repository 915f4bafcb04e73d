import { createHash } from 'node:crypto';
import { loadLuaScripts } from '../../src/modules/queue/redis/lua-script-loader';
import { withPreludes } from '../../src/modules/queue/redis/redis-scripts';

/**
 * Names a command as MONITOR shows it: an EVALSHA by the script its SHA1 is (`evalsha claim`), an
 * EVAL by the script it carries (ioredis sends a script's first call on each connection as EVAL),
 * from the scripts of the build the processes run (as RedisScripts loads them: includes spliced,
 * key prelude added), so an idle worker's traffic reads as what it does.
 */
export function commandNamer(luaDir: string): (args: string[]) => string {
  const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');
  const byHash = new Map<string, string>();
  for (const [name, lua] of withPreludes(loadLuaScripts(luaDir))) byHash.set(sha1(lua), name);
  return (args) => {
    const command = String(args[0] ?? '?').toLowerCase();
    if (command !== 'evalsha' && command !== 'eval') return command;
    const hash = command === 'eval' ? sha1(unescapeMonitorArg(String(args[1]))) : String(args[1]).toLowerCase();
    return `${command} ${byHash.get(hash) ?? hash.slice(0, 8)}`;
  };
}

/** MONITOR quotes an argument with C escapes (`\n`, `\"`, `\\`, `\xhh`); ioredis hands it on as shown. */
export function unescapeMonitorArg(shown: string): string {
  return shown.replace(/\\(x[0-9a-fA-F]{2}|[nrtab"\\])/g, (_, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    return ({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b', '"': '"', '\\': '\\' } as Record<string, string>)[code];
  });
}
