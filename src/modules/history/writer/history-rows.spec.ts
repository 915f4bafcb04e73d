import { rowsJson } from './history-rows';

describe('rowsJson', () => {
  const stored = (value: unknown) => JSON.parse(rowsJson([{ value }]))[0].value;

  it('drops U+0000 from values and keys, at any depth', () => {
    expect(stored('a\u0000b\u0000')).toBe('ab');
    expect(stored({ ['k\u0000ey']: ['x\u0000', { y: '\u0000\u0000z' }] })).toEqual({ key: ['x', { y: 'z' }] });
  });

  it('keeps backslashes, and the text "\\u0000" that is not U+0000', () => {
    expect(stored('\\u0000')).toBe('\\u0000');
    expect(stored('\\\\u0000')).toBe('\\\\u0000');
    expect(stored('\\\u0000x')).toBe('\\x');
    expect(stored('\\\\\u0000')).toBe('\\\\');
  });

  it('leaves a batch without U+0000 as JSON.stringify wrote it', () => {
    const rows = [{ id: 'q-1', result: { a: 'b\\n', n: 1 }, created_at: 1_700_000_000_000 }];
    expect(rowsJson(rows)).toBe(JSON.stringify(rows));
  });
});
