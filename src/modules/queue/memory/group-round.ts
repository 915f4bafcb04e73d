import {
  effectiveConcurrency,
  GroupSettingsPatch,
  GroupState,
  nextTokenAt,
  QueueSettingsPatch,
  RateLimit,
  takeTokens,
  tokensAvailable,
} from '../../../domain/fairness';
import { BinaryHeap } from './binary-heap';
import { GroupPlace, MemoryGroup, PendingRef } from './memory-group';
import { ThrottledGroups } from './throttled-groups';

/** What the round needs of its queue: the job indexes and the queue's waiting workers. */
export interface RoundHost {
  /**
   * The group's best pending ref whose job is still pending and present, dropping dead refs on
   * the way (a present ref whose record is gone is dropped from the indexes: pendingLeft).
   */
  head(group: MemoryGroup): PendingRef | undefined;
  /** Whether a ref still names its job's current pending entry (for compaction). */
  isLive(ref: PendingRef): boolean;
  /** Wakes the queue's idle workers. */
  wake(): void;
}

interface RoundRef {
  group: MemoryGroup;
  version: number;
  tier: number;
  turn: number;
}

export interface RoundClaim {
  claimed: number;
  /** The queue's rate limit left claimable groups behind. */
  queueLimited: boolean;
}

const COMPACT_MIN = 1024;

/**
 * One queue's groups and its round (the fairness spec): which group a claim serves next, each
 * group's cap and bucket, the queue's own pause, cap default and bucket. Kept in step with the job
 * indexes by MemoryQueue, which reports every job entering or leaving pending or running.
 *
 * Invariants: a group with pending jobs that is neither paused, at its cap nor out of tokens is
 * in the round (one live ref: its tier and turn); one at its cap is in `held`; one out of tokens
 * is in `throttled` (throttled-groups.ts). Dead refs (another version) are dropped when met, so a claim
 * costs O(log n) per job and per group it serves, never a walk over all groups.
 */
export class GroupRound {
  paused = false;
  groupConcurrency: number | null = null;
  rateLimit: RateLimit | null = null;
  /** The queue's bucket: undefined is full. */
  private tat: number | undefined;
  private readonly groups = new Map<string, MemoryGroup>();
  private readonly round = new BinaryHeap<RoundRef>((a, b) => a.tier > b.tier || (a.tier === b.tier && a.turn < b.turn));
  private readonly throttled = new ThrottledGroups();
  private readonly held = new Set<MemoryGroup>();
  private inRound = 0;
  /** Within batch(): the groups whose running jobs ended, and those that got pending jobs (with their best priority). */
  private batched: { ended: Set<MemoryGroup>; added: Map<MemoryGroup, number> } | undefined;
  /** Turns: strictly increasing. */
  private counter = 0;

  constructor(
    private readonly hostConcurrency: number,
    private readonly host: RoundHost,
  ) {}

  /** Groups in the round: claimable now. */
  get size(): number {
    return this.inRound;
  }

  /**
   * Whether a claim now could take more: groups wait in the round, the queue is not paused and its
   * bucket (if any) has a token (claim.lua's `more`: left and not held).
   */
  claimableNow(now: number): boolean {
    if (this.paused || this.inRound === 0) return false;
    return this.rateLimit === null || tokensAvailable(this.tat, this.rateLimit, now) > 0;
  }

  // Job moves: MemoryQueue reports each job entering or leaving pending or running.

  /**
   * Runs `moves` (the job moves of one settle or reap call) with the round's placements made after
   * them, as one script call makes its writes (end-attempt.lua's flushWrites): first the groups
   * whose running jobs ended (a group held at its cap rejoins), then the groups that got pending
   * jobs, each group once, in the order first met.
   */
  batch<T>(now: number, moves: () => T): T {
    if (this.batched) return moves();
    this.batched = { ended: new Set(), added: new Map() };
    try {
      return moves();
    } finally {
      const { ended, added } = this.batched;
      this.batched = undefined;
      for (const g of ended) this.placeEnded(g, now);
      for (const [g, best] of added) this.placeAdded(g, best, now);
    }
  }

  pendingAdded(name: string, ref: PendingRef, now: number): void {
    const g = this.groupNamed(name);
    g.pending++;
    g.jobs.push(ref);
    if (g.jobs.size > COMPACT_MIN && g.jobs.size > 2 * g.pending) g.jobs.compact((r) => this.host.isLive(r));
    if (this.batched) {
      const best = this.batched.added.get(g);
      this.batched.added.set(g, best === undefined ? ref.priority : Math.max(best, ref.priority));
      return;
    }
    this.placeAdded(g, ref.priority, now);
  }

  /** A group got pending jobs, the best of them of priority `best`. */
  private placeAdded(g: MemoryGroup, best: number, now: number): void {
    // a better job moves the group to its tier, keeping its turn
    if (g.place === 'round' && best > g.tier) this.enterRound(g, best, g.turn);
    // a throttled group whose token is due joins now, before the claim that would release it
    // (includes/groups.lua's placeGroup)
    else if (g.place === 'out' || (g.place === 'throttled' && (g.limitedUntil ?? Number.NEGATIVE_INFINITY) <= now)) this.settle(g, now);
  }

  pendingLeft(name: string): void {
    const g = this.groups.get(name);
    if (!g) return;
    g.pending--;
    // a group left with nothing leaves the round or the throttled; held it stays so (and is placed
    // anew when its running job ends), as index-writes.lua's leavePending leaves it
    if (g.pending <= 0 && g.place !== 'serving' && g.place !== 'held') {
      this.leave(g);
      this.forgetIfIdle(g);
    }
  }

  runningStarted(name: string): void {
    this.groupNamed(name).running++;
  }

  /** A running attempt ended: a group held at its cap rejoins (and idle workers hear of it). */
  runningEnded(name: string, now: number): void {
    const g = this.groups.get(name);
    if (!g) return;
    g.running--;
    if (this.batched) this.batched.ended.add(g);
    else this.placeEnded(g, now);
  }

  private placeEnded(g: MemoryGroup, now: number): void {
    if (g.place === 'held' && this.settle(g, now) === 'round') {
      this.host.wake();
    }
    this.forgetIfIdle(g);
  }

  /**
   * One claim's rounds, after promotion: a paused queue gives nothing; due throttled groups rejoin
   * (earliest due first), whether or not the queue's bucket lets the claim take a job; the queue's
   * tokens bound the claim; then round after round the
   * groups of the best tier share what is left. `take(group, tier)` claims one job of the group
   * of priority `tier` or above, skipping malformed ones (which count for nothing): false when
   * there is none.
   */
  serve(max: number, now: number, take: (group: MemoryGroup, tier: number) => boolean): RoundClaim {
    if (this.paused) return { claimed: 0, queueLimited: false };
    this.releaseThrottled(now);
    if (max <= 0) return { claimed: 0, queueLimited: false };
    const rate = this.rateLimit;
    const budget = Math.min(max, rate === null ? Number.POSITIVE_INFINITY : tokensAvailable(this.tat, rate, now));
    let claimed = 0;
    while (claimed < budget) {
      const need = budget - claimed;
      const { picked, tier } = this.pick(need, now);
      if (picked.length === 0) break;
      const k = picked.length;
      picked.forEach((g, i) => {
        const share = Math.min(Math.floor(need / k) + (i < need % k ? 1 : 0), this.room(g), g.tokens(now));
        let took = 0;
        while (took < share && take(g, tier)) took++;
        if (took > 0 && g.rateLimit !== null) g.tat = takeTokens(g.tat, g.rateLimit, now, took);
        claimed += took;
        // a new turn at the back while still claimable; else held, throttled or out
        g.place = 'out';
        this.settle(g, now, true);
        this.forgetIfIdle(g);
      });
    }
    if (claimed > 0 && rate !== null) this.tat = takeTokens(this.tat, rate, now, claimed);
    return { claimed, queueLimited: budget < max && this.inRound > 0 };
  }

  /** When a claim that took fewer than it asked may find more: the earliest throttled group's token, and the queue's when it held jobs back. */
  nextDueAt(now: number, queueLimited: boolean): number | undefined {
    // a paused queue claims nothing, whatever its groups' tokens (claim.lua reads them only unpaused)
    if (this.paused) return undefined;
    let due = this.throttled.earliest();
    if (queueLimited && this.rateLimit !== null) due = Math.min(due ?? Number.POSITIVE_INFINITY, nextTokenAt(this.tat, this.rateLimit, now));
    return due;
  }

  // Settings

  settings(): { paused: boolean; groupConcurrency: number | null; rateLimit: RateLimit | null } {
    return { paused: this.paused, groupConcurrency: this.groupConcurrency, rateLimit: this.rateLimit && { ...this.rateLimit } };
  }

  setPaused(paused: boolean): void {
    const resumed = this.paused && !paused;
    this.paused = paused;
    if (resumed) this.host.wake();
  }

  updateSettings(patch: QueueSettingsPatch, now: number): void {
    if (patch.groupConcurrency !== undefined) {
      this.groupConcurrency = patch.groupConcurrency;
      // the held groups rejoin; one over a lowered cap is met at the head of the round and held then
      for (const g of [...this.held].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) this.settle(g, now);
    }
    if (patch.rateLimit !== undefined) {
      this.rateLimit = patch.rateLimit && { max: patch.rateLimit.max, perMs: patch.rateLimit.perMs };
      this.tat = undefined;
    }
    if (this.inRound > 0) this.host.wake();
  }

  updateGroup(name: string, patch: GroupSettingsPatch, now: number): void {
    const g = this.groupNamed(name);
    if (patch.concurrency !== undefined) g.concurrency = patch.concurrency;
    if (patch.rateLimit !== undefined) {
      g.rateLimit = patch.rateLimit && { max: patch.rateLimit.max, perMs: patch.rateLimit.perMs };
      g.tat = undefined;
      g.limitedUntil = undefined;
    }
    if (patch.paused !== undefined) g.paused = patch.paused;
    if (g.paused) this.leave(g);
    else if (g.place === 'out' || g.place === 'held' || (g.place === 'throttled' && patch.rateLimit !== undefined)) this.settle(g, now);
    const joined = g.place === 'round';
    this.forgetIfIdle(g);
    if (joined) this.host.wake();
  }

  state(name: string, now: number): GroupState {
    const g = this.groups.get(name);
    const concurrency = g?.concurrency ?? null;
    const cap = effectiveConcurrency(name, concurrency, this.groupConcurrency, this.hostConcurrency);
    const state: GroupState = {
      name,
      pending: g?.pending ?? 0,
      running: g?.running ?? 0,
      paused: g?.paused ?? false,
      concurrency,
      effectiveConcurrency: cap,
      rateLimit: g?.rateLimit ? { ...g.rateLimit } : null,
      limitedBy: null,
    };
    if (state.paused) state.limitedBy = 'paused';
    else if (cap !== null && state.running >= cap) state.limitedBy = 'concurrency';
    else if (g?.rateLimit && g.tokens(now) === 0) {
      state.limitedBy = 'rate';
      state.limitedUntil = nextTokenAt(g.tat, g.rateLimit, now);
    }
    return state;
  }

  /** Every group the queue remembers (jobs pending or running, or settings of its own), by name. */
  names(): string[] {
    return [...this.groups.keys()].sort();
  }

  // The round

  /**
   * Up to `need` groups of the best tier, in turn order, taken out of the round to be served.
   * A group met at the head that cannot be served is placed where it belongs and not counted:
   * with no pending job it leaves, at its cap it is held, out of tokens it is throttled; one
   * whose best job went away (a cancel) keeps its turn at its true tier.
   */
  private pick(need: number, now: number): { picked: MemoryGroup[]; tier: number } {
    const picked: MemoryGroup[] = [];
    let tier = 0;
    while (picked.length < need) {
      const ref = this.round.peek();
      if (!ref) break;
      const g = ref.group;
      if (g.place !== 'round' || g.version !== ref.version) {
        this.round.pop();
        continue;
      }
      if (picked.length > 0 && ref.tier !== tier) break;
      this.round.pop();
      this.leave(g);
      const head = this.host.head(g);
      if (head === undefined) {
        this.forgetIfIdle(g);
        continue;
      }
      if (head.priority !== ref.tier) {
        this.enterRound(g, head.priority, ref.turn);
        continue;
      }
      if (g.paused || this.room(g) <= 0 || g.tokens(now) <= 0) {
        this.settle(g, now, true);
        continue;
      }
      tier = ref.tier;
      g.place = 'serving';
      picked.push(g);
    }
    return { picked, tier };
  }

  /**
   * Places a group that is not being served where its state says: round (at the back), held,
   * throttled or out. A cap is met only by a claim (`byClaim`: the group was at the head of the
   * round, or was just served): anywhere else a group at its cap joins the round, and the claim
   * that meets it there holds it, as includes/groups.lua's placeGroup does (its turn then comes
   * from when it joined).
   */
  private settle(g: MemoryGroup, now: number, byClaim = false): GroupPlace {
    this.leave(g);
    const head = g.pending > 0 && !g.paused ? this.host.head(g) : undefined;
    if (head === undefined || g.pending <= 0) return g.place;
    const limitedUntil = byClaim ? (g.rateLimit !== null && g.tokens(now) <= 0 ? nextTokenAt(g.tat, g.rateLimit, now) : undefined) : g.limitedUntil;
    if (byClaim && this.room(g) <= 0) {
      g.place = 'held';
      this.held.add(g);
    } else if (limitedUntil !== undefined && limitedUntil > now) {
      g.place = 'throttled';
      g.limitedUntil = limitedUntil;
      this.throttled.add(g, limitedUntil);
    } else {
      this.enterRound(g, head.priority, ++this.counter);
    }
    return g.place;
  }

  private enterRound(g: MemoryGroup, tier: number, turn: number): void {
    if (g.place !== 'round') {
      this.leave(g);
      this.inRound++;
    }
    g.place = 'round';
    g.version++;
    g.tier = tier;
    g.turn = turn;
    this.round.push({ group: g, version: g.version, tier, turn });
    if (this.round.size > COMPACT_MIN && this.round.size > 2 * this.inRound) {
      this.round.compact((r) => r.group.place === 'round' && r.group.version === r.version);
    }
  }

  /** Takes the group out of the round, held or throttled (its refs there go dead). */
  private leave(g: MemoryGroup): void {
    if (g.place === 'round') this.inRound--;
    else if (g.place === 'held') this.held.delete(g);
    else if (g.place === 'throttled') this.throttled.removed();
    g.place = 'out';
    g.version++;
  }

  /** Throttled groups whose next token is due rejoin, earliest due first. */
  private releaseThrottled(now: number): void {
    for (const g of this.throttled.takeDue(now)) {
      g.limitedUntil = undefined;
      this.settle(g, now);
    }
  }

  /** Jobs the group may still start under its cap. */
  private room(g: MemoryGroup): number {
    const cap = effectiveConcurrency(g.name, g.concurrency, this.groupConcurrency, this.hostConcurrency);
    return cap === null ? Number.POSITIVE_INFINITY : cap - g.running;
  }

  private groupNamed(name: string): MemoryGroup {
    let g = this.groups.get(name);
    if (!g) this.groups.set(name, (g = new MemoryGroup(name)));
    return g;
  }

  /** A group with no job and no settings is forgotten. */
  private forgetIfIdle(g: MemoryGroup): void {
    if (g.pending > 0 || g.running > 0 || g.hasSettings || g.place === 'serving') return;
    this.leave(g);
    if (this.groups.get(g.name) === g) this.groups.delete(g.name);
  }
}
