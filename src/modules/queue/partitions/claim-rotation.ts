/**
 * Where one instance's claims of a partitioned queue go next. Shared by every claim loop of the
 * queue in the process (what one learns, the others use):
 * - each claim starts one partition further on (`cursor`), and after the last partition a claim
 *   took jobs from (`servedLast`), so every partition with waiting jobs is claimed from within one
 *   round of claims, however many empty partitions lie between them, and priority (and a group's
 *   turn) holds across partitions within that round: a high-priority job waits behind at most one
 *   claim per partition with work;
 * - a partition a claim found drained is skipped until a hint names it, a scheduled job of it comes
 *   due, or the sweep reaches it: when every partition looks drained a claim asks one partition
 *   (the next of `sweep`), so an idle worker costs one command per wait, whatever the count;
 * - a hint taken from the wake list (a partition went from no pending job to some) is claimed from
 *   first.
 */
export class ClaimRotation {
  private cursor: number;
  private sweepAt: number;
  private readonly drained: boolean[] = [];
  /** When a drained partition's next scheduled job is due (its claim said so). */
  private readonly dueAt: number[] = [];
  /** The partition the last hint named, claimed from first. */
  private hinted: number | undefined;
  /** Whether the claim that follows a wait was woken by a hint: it passes the wake-up on when work is left. */
  private wokeByHint = false;

  constructor(random: () => number, size: number) {
    this.cursor = Math.floor(random() * Math.max(1, size));
    this.sweepAt = this.cursor;
  }

  /**
   * The partitions one claim visits, in order, out of `size`: the hinted one, then every one not
   * known drained (or drained with a job due by `now`) from the cursor on; or, when all are
   * drained, the next of the sweep alone.
   */
  plan(size: number, now: number): number[] {
    const order: number[] = [];
    const start = this.cursor % size;
    this.cursor = (start + 1) % size;
    if (this.hinted !== undefined && this.hinted < size) order.push(this.hinted);
    for (let step = 0; step < size; step++) {
      const i = (start + step) % size;
      if (i === this.hinted) continue;
      if (!this.drained[i] || (this.dueAt[i] ?? Number.POSITIVE_INFINITY) <= now) order.push(i);
    }
    this.hinted = undefined;
    if (order.length === 0) {
      order.push(this.sweepAt % size);
      this.sweepAt = (this.sweepAt % size) + 1;
    }
    return order;
  }

  /** Whether every partition looks drained (with nothing due by `now`): the next plan is a sweep. */
  idle(size: number, now: number): boolean {
    if (this.hinted !== undefined && this.hinted < size) return false;
    for (let i = 0; i < size; i++) if (!this.drained[i] || (this.dueAt[i] ?? Number.POSITIVE_INFINITY) <= now) return false;
    return true;
  }

  /** A claim took jobs from partition i (the last it took from): the next claim starts after it. */
  servedLast(i: number, size: number): void {
    this.cursor = (i + 1) % size;
  }

  /** A claim took all it asked for and says jobs are left (or cannot tell): the partition stays in the round. */
  busy(i: number): void {
    this.drained[i] = false;
    this.dueAt[i] = Number.POSITIVE_INFINITY;
  }

  /** A claim took less than it asked for: nothing is pending there now. */
  drainedNow(i: number, nextDueAt: number | undefined): void {
    this.drained[i] = true;
    this.dueAt[i] = nextDueAt ?? Number.POSITIVE_INFINITY;
  }

  /** This process put work in partition i (it enqueued, released or reaped there): claim from it again. */
  wake(i: number): void {
    this.drained[i] = false;
  }

  /** A hint named partition i (the wake list's token). */
  hint(i: number): void {
    this.drained[i] = false;
    this.hinted = i;
    this.wokeByHint = true;
  }

  /** Whether the claim now was woken by a hint; asking clears it. */
  takeWokeByHint(): boolean {
    const woke = this.wokeByHint;
    this.wokeByHint = false;
    return woke;
  }

  /** The earliest due time of a drained partition's scheduled job, if one is known. */
  nextDueAt(size: number): number | undefined {
    let next = Number.POSITIVE_INFINITY;
    for (let i = 0; i < size; i++) if (this.drained[i]) next = Math.min(next, this.dueAt[i] ?? Number.POSITIVE_INFINITY);
    return next === Number.POSITIVE_INFINITY ? undefined : next;
  }
}

/** The wake list token of partition `index`: partition 0's own scripts push '1' there. */
export function hintToken(index: number): string {
  return `p${index}`;
}

/** The partition a wake list token names: '1' (a wake-up of partition 0's scripts) is 0. */
export function partitionOfToken(token: string | undefined): number | undefined {
  if (token === undefined) return undefined;
  if (token === '1') return 0;
  const match = /^p([0-9]{1,2})$/.exec(token);
  return match ? Number(match[1]) : undefined;
}
