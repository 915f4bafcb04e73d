"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PAYLOAD_TOO_DEEP = exports.MAX_PAYLOAD_DEPTH = void 0;
exports.pathBeyondDepth = pathBeyondDepth;
/** Deepest nesting of containers (objects, arrays) a job payload may have. */
exports.MAX_PAYLOAD_DEPTH = 64;
exports.PAYLOAD_TOO_DEEP = `must not be nested more than ${exports.MAX_PAYLOAD_DEPTH} levels deep`;
const isContainer = (value) => typeof value === 'object' && value !== null;
/**
 * The path (keys, array indexes as strings) to the first container nested deeper than
 * `maxDepth`, or undefined. Scalars are 0 deep, `{}` 1, `{a: [1]}` 2. Iterative, so no depth can
 * overflow the stack as a recursive walk (class-transformer, JSON.stringify) does; a cycle ends
 * as too deep. Linear, and allocation-free per scalar: an array of millions of numbers is one
 * loop over it (Object.entries would build a pair per item).
 */
function pathBeyondDepth(value, maxDepth) {
    if (!isContainer(value))
        return undefined;
    const values = [value];
    const depths = [1];
    const parents = [-1];
    const keys = [''];
    const stack = [0];
    while (stack.length > 0) {
        const at = stack.pop();
        const depth = depths[at];
        if (depth > maxDepth)
            return pathOf(at, parents, keys);
        const current = values[at];
        const push = (key, child) => {
            if (!isContainer(child))
                return;
            values.push(child);
            depths.push(depth + 1);
            parents.push(at);
            keys.push(key);
            stack.push(values.length - 1);
        };
        if (Array.isArray(current)) {
            for (let i = 0; i < current.length; i++)
                if (isContainer(current[i]))
                    push(String(i), current[i]);
        }
        else {
            for (const key of Object.keys(current)) {
                const child = current[key];
                if (isContainer(child))
                    push(key, child);
            }
        }
    }
    return undefined;
}
function pathOf(at, parents, keys) {
    const path = [];
    for (let i = at; parents[i] !== -1; i = parents[i])
        path.unshift(keys[i]);
    return path;
}
//# sourceMappingURL=json-depth.js.map