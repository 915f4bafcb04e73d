"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LUA_DIR = void 0;
exports.loadLuaScript = loadLuaScript;
exports.loadLuaScripts = loadLuaScripts;
const node_fs_1 = require("node:fs");
const node_path_1 = require("node:path");
/** src/lua in ts (tests) and dist/lua after the nest build, which copies the .lua files. */
exports.LUA_DIR = (0, node_path_1.resolve)(__dirname, '../../../lua');
const INCLUDE_LINE = /^---\s*@include\s+"([^"]+)"\s*$/;
/**
 * Reads one script and splices in its `--- @include "path"` lines (paths relative to the including
 * file, `.lua` implied). Each include appears once per script, at its first use; a cycle is
 * reported with its chain.
 */
function loadLuaScript(file) {
    const included = new Set();
    const root = (0, node_path_1.dirname)((0, node_path_1.resolve)(file));
    const expand = (path, chain) => {
        if (chain.includes(path)) {
            throw new Error(`Lua include cycle: ${[...chain, path].map((p) => (0, node_path_1.relative)(root, p)).join(' -> ')}`);
        }
        const text = (0, node_fs_1.readFileSync)(path, 'utf8');
        return text
            .split('\n')
            .map((line) => {
            const m = INCLUDE_LINE.exec(line.trim());
            if (!m)
                return line;
            const target = (0, node_path_1.resolve)((0, node_path_1.dirname)(path), m[1].endsWith('.lua') ? m[1] : `${m[1]}.lua`);
            if (included.has(target))
                return '';
            const body = expand(target, [...chain, path]);
            included.add(target);
            return body;
        })
            .join('\n');
    };
    return expand((0, node_path_1.resolve)(file), []);
}
/** Every top-level script of a folder (not its includes), by file name without `.lua`. */
function loadLuaScripts(dir = exports.LUA_DIR) {
    const scripts = new Map();
    for (const name of (0, node_fs_1.readdirSync)(dir).filter((f) => f.endsWith('.lua')).sort()) {
        scripts.set(name.slice(0, -'.lua'.length), loadLuaScript((0, node_path_1.join)(dir, name)));
    }
    return scripts;
}
//# sourceMappingURL=lua-script-loader.js.map