import { PartitionBoard, PartitionWork, workFromBoardEntry, workFromReply } from './partition-board';

const NOW = 1_000_000;

function work(seq: number, top: number | null, dueAt: number | null = null): PartitionWork {
  return { seq, top, dueAt };
}

/** A board of `size` partitions whose cursor starts at 0, every partition seen drained by a claim. */
function drainedBoard(size: number): PartitionBoard {
  const board = new PartitionBoard(() => 0, size);
  for (let i = 0; i < size; i++) board.saw(i, work(1, null), true);
  return board;
}

describe('PartitionBoard', () => {
  it('claims from every partition it has never seen, then from none it saw drained (the sweep asks one, in turn)', () => {
    const board = new PartitionBoard(() => 0, 3);
    expect(board.plan(3, NOW)).toEqual([0, 1, 2]);
    for (let i = 0; i < 3; i++) board.saw(i, work(1, null), true);
    expect(board.anyWork(3, NOW)).toBe(false);
    expect(board.plan(3, NOW)).toEqual([0]);
    expect(board.plan(3, NOW)).toEqual([1]);
    expect(board.plan(3, NOW)).toEqual([2]);
  });

  it('plans the best priority first, equals from a cursor one further on each claim', () => {
    const board = drainedBoard(4);
    board.read(new Map([[1, work(2, 0)], [2, work(2, 10)], [3, work(2, 0)]]), NOW);
    expect(board.plan(4, NOW)).toEqual([2, 1, 3]);
    expect(board.plan(4, NOW)).toEqual([2, 1, 3]);
    expect(board.plan(4, NOW)).toEqual([2, 3, 1]);
  });

  it('starts the next claim after the last partition served, so no partition with work waits for another', () => {
    const board = drainedBoard(4);
    board.read(new Map([[0, work(2, 0)], [1, work(2, 0)], [2, work(2, 0)], [3, work(2, 0)]]), NOW);
    const served: number[] = [];
    for (let claim = 0; claim < 8; claim++) {
      const [first] = board.plan(4, NOW);
      served.push(first);
      board.servedLast(first, 4);
    }
    expect(served).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
  });

  it("keeps a claim's sight over the board's report of the same wake count, and takes a later report over both", () => {
    const board = drainedBoard(2);
    board.saw(1, work(5, null), true);
    // the writer's report that the claim came after: drained stays drained
    board.read(new Map([[1, work(5, 0)]]), NOW);
    expect(board.anyWork(2, NOW)).toBe(false);
    // work added after the claim looked: a larger wake count
    board.read(new Map([[1, work(6, 0)]]), NOW);
    expect(board.plan(2, NOW)).toEqual([1]);
  });

  it('keeps the later of two sights whatever order they arrive in', () => {
    const board = drainedBoard(2);
    board.saw(1, work(9, 3), false);
    board.read(new Map([[1, work(8, null)]]), NOW);
    expect(board.plan(2, NOW)).toEqual([1]);
    board.saw(1, work(7, null), true);
    expect(board.plan(2, NOW)).toEqual([1]);
  });

  it('claims first where this process changed a partition, once', () => {
    const board = drainedBoard(3);
    board.read(new Map([[1, work(2, 10)]]), NOW);
    board.poke(2);
    expect(board.plan(3, NOW)).toEqual([2, 1]);
    expect(board.plan(3, NOW)).toEqual([1]);
  });

  it('claims where a scheduled job is due, and names the earliest due time of the drained partitions', () => {
    const board = drainedBoard(3);
    board.saw(1, work(2, null, NOW + 500), true);
    board.saw(2, work(2, null, NOW + 200), true);
    expect(board.nextDueAt(3)).toBe(NOW + 200);
    expect(board.anyWork(3, NOW)).toBe(false);
    expect(board.plan(3, NOW + 200)).toEqual([2]);
    expect(board.plan(3, NOW + 500)).toEqual([1, 2]);
  });

  it('reads the board after every wait and when its copy is older than the freshness bound', () => {
    const board = new PartitionBoard(() => 0, 2);
    expect(board.needsRead(NOW, 10)).toBe(true);
    board.read(new Map(), NOW);
    expect(board.needsRead(NOW + 9, 10)).toBe(false);
    expect(board.needsRead(NOW + 10, 10)).toBe(true);
    board.read(new Map(), NOW + 10);
    board.waited(false);
    expect(board.needsRead(NOW + 10, 10)).toBe(true);
    expect(board.takeWoken()).toBe(false);
    board.waited(true);
    expect(board.takeWoken()).toBe(true);
    expect(board.takeWoken()).toBe(false);
  });

  it('reads sights as the scripts write them', () => {
    expect(workFromReply([7, '', ''])).toEqual(work(7, null));
    expect(workFromReply([7, -5, '1700000000000'])).toEqual(work(7, -5, 1_700_000_000_000));
    expect(workFromBoardEntry('12|10|')).toEqual(work(12, 10));
    expect(workFromBoardEntry('12||1700000000000')).toEqual(work(12, null, 1_700_000_000_000));
    expect(workFromBoardEntry('garbage')).toBeUndefined();
  });
});
