import { pathBeyondDepth } from './json-depth';

const nest = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('pathBeyondDepth', () => {
  it('counts containers, not scalars', () => {
    expect(pathBeyondDepth('x', 0)).toBeUndefined();
    expect(pathBeyondDepth({}, 0)).toEqual([]);
    expect(pathBeyondDepth({ a: [1] }, 2)).toBeUndefined();
    expect(pathBeyondDepth({ a: [1] }, 1)).toEqual(['a']);
  });

  it('names the path to the first container too deep', () => {
    expect(pathBeyondDepth({ ok: 1, jobs: [{ payload: { x: {} } }] }, 4)).toEqual(['jobs', '0', 'payload', 'x']);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(pathBeyondDepth(nest(100_000), 64)).toHaveLength(64);
    expect(pathBeyondDepth(nest(64), 64)).toBeUndefined();
  });

  it('ends on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(pathBeyondDepth(cyclic, 3)).toEqual(['self', 'self', 'self']);
  });
});
