import { SequenceIndex } from './sequence-index';

function ids(iter: Iterable<{ id: string }>): string[] {
  return [...iter].map((e) => e.id);
}

describe('SequenceIndex', () => {
  it('walks members oldest first and newest first, skipping removed ones', () => {
    const index = new SequenceIndex();
    ['a', 'b', 'c', 'd'].forEach((id, i) => index.add(id, i + 1));
    index.delete('b');
    expect(index.size).toBe(3);
    expect(ids(index.oldestFirst())).toEqual(['a', 'c', 'd']);
    expect(ids(index.newestFirst())).toEqual(['d', 'c', 'a']);
    expect(ids(index.newestFirst(3))).toEqual(['a']);
  });

  it('treats a re-added member under a new seq as moved, not duplicated', () => {
    const index = new SequenceIndex();
    index.add('a', 1);
    index.add('b', 2);
    index.add('a', 3);
    expect(ids(index.oldestFirst())).toEqual(['b', 'a']);
    expect(index.seqOf('a')).toBe(3);
    expect(index.size).toBe(2);
  });

  it('stays correct across compactions', () => {
    const index = new SequenceIndex();
    for (let i = 1; i <= 1000; i++) index.add(`j${i}`, i);
    for (let i = 1; i <= 1000; i++) if (i % 10 !== 0) index.delete(`j${i}`);
    expect(index.size).toBe(100);
    expect(ids(index.newestFirst(55))).toEqual(['j50', 'j40', 'j30', 'j20', 'j10']);
    expect(index.has('j10')).toBe(true);
    expect(index.has('j11')).toBe(false);
  });

  it('gives the oldest live member first, passing deleted and moved ones, and keeps every walk whole', () => {
    const index = new SequenceIndex();
    expect(index.first()).toBeUndefined();
    index.add('a', 1);
    index.add('b', 2);
    index.add('c', 3);
    index.delete('a');
    index.add('b', 4); // moved behind c
    expect(index.first()).toEqual({ id: 'c', seq: 3 });
    expect(ids(index.oldestFirst())).toEqual(['c', 'b']);
    expect(ids(index.newestFirst())).toEqual(['b', 'c']);
    index.delete('c');
    index.delete('b');
    expect(index.first()).toBeUndefined();
    index.add('d', 5);
    expect(index.first()).toEqual({ id: 'd', seq: 5 });
    expect(index.size).toBe(1);
  });
});
