import { Clock } from '../../../domain/clock';
import { SCHEDULE_RUNS_KEPT, ScheduleDefinition, ScheduleRun, StoredSchedule } from '../../../domain/schedule';
import { IndexedMinHeap } from '../../../common/indexed-min-heap';
import type { StoreSignal } from '../outbox';
import { ClaimedSchedule, ScheduleSettlement, ScheduleStore } from '../schedule-store';

interface Entry {
  schedule: StoredSchedule;
  runs: ScheduleRun[];
  token: number;
  /** Its place in the due index: nextAt, or its claim's lease end (heap item). */
  at: number;
  heapIndex: number;
}

/** The in-memory ScheduleStore: one process, so a claim is a plain step on a heap ordered by due time. */
export class MemorySchedules extends ScheduleStore {
  private readonly entries = new Map<string, Entry>();
  private readonly due = new IndexedMinHeap<Entry>();
  private tokens = 0;

  /** `signal`: told of a change through the API that may bring the due index forward (`schedules`). */
  constructor(
    private readonly clock: Clock,
    private readonly signal: (signal: StoreSignal) => void = () => undefined,
  ) {
    super();
  }

  async put(name: string, definition: ScheduleDefinition, nextAt: number | null, paused: boolean): Promise<{ created: boolean; schedule: StoredSchedule }> {
    const now = this.clock.now();
    const old = this.entries.get(name);
    const schedule: StoredSchedule = old
      ? { ...old.schedule, definition, nextAt, paused, version: old.schedule.version + 1, updatedAt: now }
      : { name, definition, paused, nextAt, version: 1, createdAt: now, updatedAt: now, fired: 0, skipped: 0, missed: 0 };
    const entry: Entry = old ?? { schedule, runs: [], token: 0, at: 0, heapIndex: -1 };
    entry.schedule = schedule;
    this.entries.set(name, entry);
    this.index(entry, true);
    return { created: !old, schedule: this.view(entry, false) };
  }

  async get(name: string): Promise<StoredSchedule | null> {
    const entry = this.entries.get(name);
    return entry ? this.view(entry, true) : null;
  }

  async list(limit: number, cursor?: string): Promise<{ items: StoredSchedule[]; nextCursor: string | null }> {
    // names sorted per call: a listing is an operator's read, not the scheduler's path
    const names = [...this.entries.keys()].filter((n) => cursor === undefined || n > cursor).sort();
    const page = names.slice(0, Math.max(1, limit));
    const items = page.map((n) => this.view(this.entries.get(n)!, false));
    return { items, nextCursor: page.length < names.length ? page[page.length - 1] : null };
  }

  async delete(name: string): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!entry) return false;
    this.due.remove(entry);
    this.entries.delete(name);
    return true;
  }

  async setPaused(name: string, paused: boolean, nextAt: number | null): Promise<StoredSchedule | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (!paused && !entry.schedule.paused) return this.view(entry, false);
    entry.schedule = { ...entry.schedule, paused, updatedAt: this.clock.now(), ...(paused ? {} : { nextAt }) };
    this.index(entry, true);
    return this.view(entry, false);
  }

  async claimDue(max: number, leaseMs: number, aheadMs = 0): Promise<{ claimed: ClaimedSchedule[]; nextDueAt: number | null }> {
    const now = this.clock.now();
    const dueBy = now + aheadMs;
    const claimed: ClaimedSchedule[] = [];
    const taken: Entry[] = [];
    while (claimed.length < max) {
      const top = this.due.peek();
      if (!top || top.at > dueBy) break;
      this.due.pop();
      top.token = ++this.tokens;
      taken.push(top);
      claimed.push({ schedule: this.view(top, false), token: top.token });
    }
    for (const entry of taken) {
      entry.at = now + leaseMs;
      this.due.push(entry);
    }
    return { claimed, nextDueAt: this.due.peek()?.at ?? null };
  }

  async settle(items: ScheduleSettlement[]): Promise<('ok' | 'stale')[]> {
    const now = this.clock.now();
    return items.map((item) => {
      const entry = this.entries.get(item.name);
      if (!entry || entry.token !== item.token) return 'stale';
      const s = entry.schedule;
      const last = item.runs[item.runs.length - 1];
      const lastTick = item.lastTick !== undefined && (s.lastTick === undefined || item.lastTick > s.lastTick) ? { lastTick: item.lastTick } : {};
      entry.schedule = {
        ...s,
        ...lastTick,
        fired: s.fired + item.fired,
        skipped: s.skipped + item.skipped,
        missed: s.missed + item.missed,
        ...(last ? { lastJobId: last.jobId } : {}),
        ...(s.version === item.version ? { nextAt: item.nextAt } : {}),
        updatedAt: now,
      };
      this.addRuns(entry, item.runs);
      // the claim ends: a late twin of this settle is stale (as schedule-settle.lua)
      entry.token = 0;
      // the claim's lease ends: the schedule is due again at its nextAt (a replace set its own)
      this.index(entry);
      return 'ok';
    });
  }

  async recordRun(name: string, run: ScheduleRun): Promise<boolean> {
    const entry = this.entries.get(name);
    if (!entry) return false;
    entry.schedule = { ...entry.schedule, fired: entry.schedule.fired + 1, lastJobId: run.jobId, updatedAt: this.clock.now() };
    this.addRuns(entry, [run]);
    return true;
  }

  private addRuns(entry: Entry, runs: ScheduleRun[]): void {
    for (const run of runs) entry.runs.unshift({ ...run });
    if (entry.runs.length > SCHEDULE_RUNS_KEPT) entry.runs.length = SCHEDULE_RUNS_KEPT;
  }

  /**
   * In the due index at its nextAt unless paused or ended; while a claim holds it (and it is in
   * the index) it keeps its lease end (as includes/schedule-index.lua).
   */
  /** `announce`: a change through the API; a schedule placed in the index is signalled (`schedules`), as includes/schedule-index.lua does. */
  private index(entry: Entry, announce = false): void {
    const { paused, nextAt } = entry.schedule;
    if (paused || nextAt === null) {
      this.due.remove(entry);
      return;
    }
    if (entry.token !== 0 && entry.heapIndex >= 0) return;
    this.due.remove(entry);
    entry.at = nextAt;
    this.due.push(entry);
    if (announce) this.signal({ kind: 'schedules' });
  }

  private view(entry: Entry, withRuns: boolean): StoredSchedule {
    const schedule = { ...entry.schedule, definition: structuredClone(entry.schedule.definition) };
    if (withRuns) schedule.runs = entry.runs.map((r) => ({ ...r }));
    return schedule;
  }
}
