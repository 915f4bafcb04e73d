import { scanJson } from './json-scan';

const limits = { maxDepth: 4, maxOpaqueBytes: 10, opaqueNames: new Set(['payload']) };
const scan = (text: string, over: Partial<typeof limits> = {}) => scanJson(Buffer.from(text), { ...limits, ...over });

describe('scanJson', () => {
  it('measures each payload as its JSON text without insignificant whitespace', () => {
    expect(scan('{"payload": [ 1, 2 ] }')).toBeUndefined(); // [1,2]: 5 bytes
    expect(scan('{"jobs":[{"payload":"0123456789"}]}')).toEqual({ kind: 'opaque-too-large', path: ['jobs', '0', 'payload'], size: 12 });
    expect(scan('{"jobs":[{"a":1},{"payload":{"k": "v v v v"}}]}')).toEqual({ kind: 'opaque-too-large', path: ['jobs', '1', 'payload'], size: 15 });
    expect(scan('{"payload":12345678901}')).toEqual({ kind: 'opaque-too-large', path: ['payload'], size: 11 });
  });

  it('skips strings with escaped quotes and brackets, and keys spelled with escapes', () => {
    expect(scan('{"a":"[[[[[\\"]]]]","payload":1}')).toBeUndefined();
    expect(scan('{"pay\\u006coad":"0123456789"}')).toEqual({ kind: 'opaque-too-large', path: ['payload'], size: 12 });
    expect(scan('{"x":"\\\\","payload":"01234567890"}')).toMatchObject({ kind: 'opaque-too-large', size: 13 });
  });

  it('names the path to the first container past the depth limit', () => {
    expect(scan('{"a":{"b":[{}]}}')).toBeUndefined(); // 4 deep
    expect(scan('{"a":{"b":[1,{"c":{}}]}}')).toEqual({ kind: 'too-deep', path: ['a', 'b', '1', 'c'] });
    expect(scan('[[[[[[[[[[[[[[[', { maxDepth: 3 })).toEqual({ kind: 'too-deep', path: ['0', '0', '0'] });
  });
});
