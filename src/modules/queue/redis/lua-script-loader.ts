import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** src/lua in ts (tests) and dist/lua after the nest build, which copies the .lua files. */
export const LUA_DIR = resolve(__dirname, '../../../lua');

const INCLUDE_LINE = /^---\s*@include\s+"([^"]+)"\s*$/;

/**
 * Reads one script and splices in its `--- @include "path"` lines (paths relative to the including
 * file, `.lua` implied). Each include appears once per script, at its first use; a cycle is
 * reported with its chain.
 */
export function loadLuaScript(file: string): string {
  const included = new Set<string>();
  const root = dirname(resolve(file));
  const expand = (path: string, chain: string[]): string => {
    if (chain.includes(path)) {
      throw new Error(`Lua include cycle: ${[...chain, path].map((p) => relative(root, p)).join(' -> ')}`);
    }
    const text = readFileSync(path, 'utf8');
    return text
      .split('\n')
      .map((line) => {
        const m = INCLUDE_LINE.exec(line.trim());
        if (!m) return line;
        const target = resolve(dirname(path), m[1].endsWith('.lua') ? m[1] : `${m[1]}.lua`);
        if (included.has(target)) return '';
        const body = expand(target, [...chain, path]);
        included.add(target);
        return body;
      })
      .join('\n');
  };
  return expand(resolve(file), []);
}

/** Every top-level script of a folder (not its includes), by file name without `.lua`. */
export function loadLuaScripts(dir: string = LUA_DIR): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.lua')).sort()) {
    scripts.set(name.slice(0, -'.lua'.length), loadLuaScript(join(dir, name)));
  }
  return scripts;
}
