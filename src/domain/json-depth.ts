/** Deepest nesting of containers (objects, arrays) a job payload may have. */
export const MAX_PAYLOAD_DEPTH = 64;

export const PAYLOAD_TOO_DEEP = `must not be nested more than ${MAX_PAYLOAD_DEPTH} levels deep`;

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The path (keys, array indexes as strings) to the first container nested deeper than
 * `maxDepth`, or undefined. Scalars are 0 deep, `{}` 1, `{a: [1]}` 2. Iterative, so no depth can
 * overflow the stack as a recursive walk (class-transformer, JSON.stringify) does; a cycle ends
 * as too deep. Linear, and allocation-free per scalar: an array of millions of numbers is one
 * loop over it (Object.entries would build a pair per item).
 */
export function pathBeyondDepth(value: unknown, maxDepth: number): string[] | undefined {
  if (!isContainer(value)) return undefined;
  const values: object[] = [value];
  const depths: number[] = [1];
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const stack: number[] = [0];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const depth = depths[at];
    if (depth > maxDepth) return pathOf(at, parents, keys);
    const current = values[at];
    const push = (key: string, child: unknown): void => {
      if (!isContainer(child)) return;
      values.push(child);
      depths.push(depth + 1);
      parents.push(at);
      keys.push(key);
      stack.push(values.length - 1);
    };
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) if (isContainer(current[i])) push(String(i), current[i]);
    } else {
      for (const key of Object.keys(current)) {
        const child = (current as Record<string, unknown>)[key];
        if (isContainer(child)) push(key, child);
      }
    }
  }
  return undefined;
}

function pathOf(at: number, parents: number[], keys: string[]): string[] {
  const path: string[] = [];
  for (let i = at; parents[i] !== -1; i = parents[i]) path.unshift(keys[i]);
  return path;
}
