import { LabelledChildren } from './labelled-children';

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
