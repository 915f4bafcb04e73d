import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLuaScript, loadLuaScripts } from './lua-script-loader';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function luaDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'claimq-lua-'));
  made.push(dir);
  mkdirSync(join(dir, 'includes'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('Lua script loader', () => {
  it('splices each include once, dependencies first', () => {
    const dir = luaDir({
      'includes/a.lua': 'local A = 1',
      'includes/b.lua': '--- @include "a"\nlocal B = A + 1',
      'main.lua': '--- @include "includes/a"\n--- @include "includes/b"\nreturn B',
    });
    const text = loadLuaScript(join(dir, 'main.lua'));
    expect(text.match(/local A = 1/g)).toHaveLength(1);
    expect(text.indexOf('local A')).toBeLessThan(text.indexOf('local B'));
    expect(text).not.toContain('@include');
  });

  it('reports an include cycle with its chain', () => {
    const dir = luaDir({
      'includes/a.lua': '--- @include "b"',
      'includes/b.lua': '--- @include "a"',
      'main.lua': '--- @include "includes/a"',
    });
    expect(() => loadLuaScript(join(dir, 'main.lua'))).toThrow(/cycle: main.lua -> includes\/a.lua -> includes\/b.lua -> includes\/a.lua/);
  });

  it('reports a missing include', () => {
    const dir = luaDir({ 'main.lua': '--- @include "includes/nope"' });
    expect(() => loadLuaScript(join(dir, 'main.lua'))).toThrow(/nope\.lua/);
  });

  it('loads every script of src/lua with its includes resolved', () => {
    const scripts = loadLuaScripts();
    expect([...scripts.keys()]).toEqual(
      expect.arrayContaining(['enqueue', 'claim', 'heartbeat', 'complete', 'fail', 'release', 'cancel', 'retry', 'reap', 'reap-workers', 'promote', 'trim']),
    );
    for (const text of scripts.values()) expect(text).not.toMatch(/@include|redis\.call\('TIME'\)/);
  });
});
