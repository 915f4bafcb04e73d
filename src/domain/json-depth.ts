/** Deepest nesting of containers (objects, arrays) a job payload may have. */
export const MAX_PAYLOAD_DEPTH = 64;

export const PAYLOAD_TOO_DEEP = `must not be nested more than ${MAX_PAYLOAD_DEPTH} levels deep`;

interface Visit {
  value: object;
  depth: number;
  key: string;
  parent?: Visit;
}

const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * The path (keys, array indexes as strings) to the first container nested deeper than
 * `maxDepth`, or undefined. Scalars are 0 deep, `{}` 1, `{a: [1]}` 2. Iterative, so no depth can
 * overflow the stack as a recursive walk (class-transformer, JSON.stringify) does; a cycle ends
 * as too deep.
 */
export function pathBeyondDepth(value: unknown, maxDepth: number): string[] | undefined {
  if (!isContainer(value)) return undefined;
  const stack: Visit[] = [{ value, depth: 1, key: '' }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    if (visit.depth > maxDepth) return pathOf(visit);
    for (const [key, child] of Object.entries(visit.value)) {
      if (isContainer(child)) stack.push({ value: child, depth: visit.depth + 1, key, parent: visit });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
