import { DEFAULT_MAX_LABEL_PAIRS, LabelledChildren, OVERFLOW_TYPE } from './labelled-children';

describe('LabelledChildren', () => {
  it('creates one child per (queue, type) and returns the same one after', () => {
    let created = 0;
    const children = new LabelledChildren((queue, type) => ({ queue, type, n: ++created }));
    const a = children.get('q', 't');
    expect(children.get('q', 't')).toBe(a);
    expect(children.get('q', 'u')).not.toBe(a);
    expect(children.get('r', 't')).toMatchObject({ queue: 'r', type: 't' });
    expect(created).toBe(3);
  });
});

describe('LabelledChildren past its cap', () => {
  it('labels new types "other" once the cap of pairs is reached, and creates nothing more per type', () => {
    const created: string[] = [];
    const children = new LabelledChildren((queue, type) => (created.push(`${queue}/${type}`), { queue, type }), 3);
    children.get('q', 'a');
    children.get('q', 'b');
    children.get('r', 'a');
    for (let i = 0; i < 1000; i++) expect(children.get('q', `random-${i}`)).toEqual({ queue: 'q', type: OVERFLOW_TYPE });
    expect(children.get('q', 'b')).toEqual({ queue: 'q', type: 'b' });
    expect(children.get('r', 'zzz')).toEqual({ queue: 'r', type: OVERFLOW_TYPE });
    expect(created).toEqual(['q/a', 'q/b', 'r/a', 'q/other', 'r/other']);
  });

  it('caps at 200 pairs by default', () => {
    let created = 0;
    const children = new LabelledChildren(() => ++created);
    for (let i = 0; i < 10_000; i++) children.get('q', `t${i}`);
    expect(created).toBe(DEFAULT_MAX_LABEL_PAIRS + 1);
  });
});
