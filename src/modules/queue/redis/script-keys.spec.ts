import { loadLuaScripts } from './lua-script-loader';
import { withPreludes } from './redis-scripts';
import { keyPrelude, LUA_KEY_NAMES, SCRIPT_KEYS, ScriptName } from './script-keys';

/** The script's code without comments: what it really uses. */
function code(lua: string): string {
  return lua
    .replace(/--\[\[[\s\S]*?\]\]/g, '')
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
}

const scripts = loadLuaScripts();

describe('SCRIPT_KEYS: each script gets exactly the keys it uses', () => {
  it('has one entry per script file, and a script for every entry', () => {
    expect([...scripts.keys()].sort()).toEqual(Object.keys(SCRIPT_KEYS).sort());
  });

  for (const [name, lua] of scripts) {
    it(`${name}: uses every key it is given and no other`, () => {
      const used = new Set(code(lua).match(/\bK_[A-Z_]+\b/g) ?? []);
      const given = SCRIPT_KEYS[name as ScriptName].map((key) => LUA_KEY_NAMES[key]);
      expect(new Set(given).size).toBe(given.length);
      expect([...used].sort()).toEqual([...given].sort());
    });

    it(`${name}: reads no key outside KEYS and builds none from another key`, () => {
      const body = code(lua);
      // KEYS only through the prelude; a key name glued to a suffix is a key the layout does not list
      expect(body.match(/\bKEYS\[/g)).toBeNull();
      expect(body.match(/\bK_(?!JOB\b|WLEASE\b|EXEC\b|SCHED\b)[A-Z_]+\s*\.\.\s*'/g)).toBeNull();
    });
  }

  it('gives no script a command that walks a whole list (LREM) or the keyspace (KEYS, SCAN)', () => {
    for (const [name, lua] of scripts) {
      expect({ name, found: code(lua).match(/'(LREM|KEYS|SCAN)'/gi) }).toEqual({ name, found: null });
    }
  });

  it('puts the prelude after the #!lua line, which must stay first', () => {
    const withPrelude = withPreludes(scripts);
    for (const [name, lua] of withPrelude) {
      const [first, ...rest] = lua.split('\n');
      expect(first).toMatch(/^#!lua/);
      expect(rest.slice(0, SCRIPT_KEYS[name as ScriptName].length).join('\n')).toBe(keyPrelude(name as ScriptName));
    }
  });

  it('refuses a script file that has no entry', () => {
    expect(() => withPreludes(new Map([['unlisted', '#!lua\nreturn 1']]))).toThrow(/unlisted.lua has no entry in SCRIPT_KEYS/);
  });
});
