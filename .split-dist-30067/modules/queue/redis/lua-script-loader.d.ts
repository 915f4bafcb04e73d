/** src/lua in ts (tests) and dist/lua after the nest build, which copies the .lua files. */
export declare const LUA_DIR: string;
/**
 * Reads one script and splices in its `--- @include "path"` lines (paths relative to the including
 * file, `.lua` implied). Each include appears once per script, at its first use; a cycle is
 * reported with its chain.
 */
export declare function loadLuaScript(file: string): string;
/** Every top-level script of a folder (not its includes), by file name without `.lua`. */
export declare function loadLuaScripts(dir?: string): Map<string, string>;
