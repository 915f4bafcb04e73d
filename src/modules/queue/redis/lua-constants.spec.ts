import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LUA_DIR, loadLuaScripts } from './lua-script-loader';
import { constantsPrelude, LUA_CONSTANTS, luaLiteral } from './lua-constants';
import { withPreludes } from './redis-scripts';

/** Every .lua file under src/lua, includes too. */
function luaFiles(dir: string = LUA_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? luaFiles(join(dir, e.name)) : e.name.endsWith('.lua') ? [join(dir, e.name)] : []));
}

describe('constants the Lua scripts share with the TypeScript (generated, never copied)', () => {
  it('no Lua file defines one of them itself', () => {
    for (const file of luaFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const name of Object.keys(LUA_CONSTANTS)) {
        expect(new RegExp(`^\\s*local\\s+${name}\\s*=`, 'm').test(text), `${file} defines ${name}`).toBe(false);
      }
    }
  });

  it('every constant is used by some script, and every script that names one gets it', () => {
    const scripts = withPreludes(loadLuaScripts());
    for (const name of Object.keys(LUA_CONSTANTS)) {
      const users = [...scripts].filter(([, lua]) => new RegExp(`\\b${name}\\b`).test(lua.split('\n').filter((l) => !l.startsWith(`local ${name} =`)).join('\n')));
      expect(users.length, `no script uses ${name}`).toBeGreaterThan(0);
      for (const [script, lua] of users) expect(lua, `${script} lacks ${name}`).toContain(`local ${name} = ${luaLiteral(LUA_CONSTANTS[name as keyof typeof LUA_CONSTANTS])}`);
    }
  });

  it('writes integers and quoted printable text, and refuses anything else', () => {
    expect(luaLiteral(90_000)).toBe('90000');
    expect(luaLiteral("it's a \\ test")).toBe("'it\\'s a \\\\ test'");
    expect(() => luaLiteral(1.5)).toThrow(/safe integer/);
    expect(() => luaLiteral('line\nbreak')).toThrow(/printable ASCII/);
    expect(constantsPrelude('return DEFAULT_MAX_ATTEMPTS_X')).toBe('');
    expect(constantsPrelude('return DEFAULT_MAX_ATTEMPTS')).toBe('local DEFAULT_MAX_ATTEMPTS = 3');
  });
});
