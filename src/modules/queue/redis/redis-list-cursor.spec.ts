import { InvalidJobSpecError } from '../../../domain/errors';
import { decodeRedisListCursor, encodeRedisListCursor } from './redis-list-cursor';

const walk = [{ list: false }, { list: true }, { list: false }];
const handMade = (value: unknown): string => `r${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

describe('decodeRedisListCursor', () => {
  it('reads back what the store encoded', () => {
    for (const p of [{ index: 0, score: -12.5, id: 'a' }, { index: 1, score: 7, id: 'b' }, { index: 2, score: 1e21, id: '' }]) {
      expect(decodeRedisListCursor(encodeRedisListCursor(p), walk)).toEqual(p);
    }
  });

  it.each([
    ['an index before the walk', [-1, 0, 'x']],
    ['an index past the walk', [3, 0, 'x']],
    ['a negative list rank', [1, -5000, 'x']],
    ['a fractional list rank', [1, 1.5, 'x']],
    ['a list rank beyond safe integers', [1, 1e21, 'x']],
    ['a score that is not a number', [0, '5', 'x']],
  ])('refuses %s', (_name, value) => {
    expect(() => decodeRedisListCursor(handMade(value), walk)).toThrow(InvalidJobSpecError);
  });
});

describe('decodeRedisListCursor in the named groups\' segment', () => {
  const walk = [{ list: false }, { list: true }, { list: false, groups: true }];

  it('takes back a position inside a group, and the start of the segment', () => {
    const inGroup = { index: 2, score: 7, id: 'q-1', group: { name: 'tenant-a', list: 1 as const } };
    expect(decodeRedisListCursor(encodeRedisListCursor(inGroup), walk)).toEqual(inGroup);
    const start = { index: 2, score: 0, id: '' };
    expect(decodeRedisListCursor(encodeRedisListCursor(start), walk)).toEqual(start);
  });

  it('refuses a group position outside that segment or with a bad group name', () => {
    expect(() => decodeRedisListCursor(encodeRedisListCursor({ index: 1, score: 0, id: '', group: { name: 'a', list: 1 } }), walk)).toThrow(InvalidJobSpecError);
    expect(() => decodeRedisListCursor(encodeRedisListCursor({ index: 2, score: 0, id: '', group: { name: 'a b', list: 0 } }), walk)).toThrow(InvalidJobSpecError);
  });
});
