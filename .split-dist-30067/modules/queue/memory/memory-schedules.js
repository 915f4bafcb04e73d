"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemorySchedules = void 0;
const schedule_1 = require("../../../domain/schedule");
const indexed_min_heap_1 = require("../../../common/indexed-min-heap");
const schedule_store_1 = require("../schedule-store");
/** The in-memory ScheduleStore: one process, so a claim is a plain step on a heap ordered by due time. */
class MemorySchedules extends schedule_store_1.ScheduleStore {
    clock;
    entries = new Map();
    due = new indexed_min_heap_1.IndexedMinHeap();
    tokens = 0;
    constructor(clock) {
        super();
        this.clock = clock;
    }
    async put(name, definition, nextAt, paused) {
        const now = this.clock.now();
        const old = this.entries.get(name);
        const schedule = old
            ? { ...old.schedule, definition, nextAt, paused, version: old.schedule.version + 1, updatedAt: now }
            : { name, definition, paused, nextAt, version: 1, createdAt: now, updatedAt: now, fired: 0, skipped: 0, missed: 0 };
        const entry = old ?? { schedule, runs: [], token: 0, at: 0, heapIndex: -1 };
        entry.schedule = schedule;
        this.entries.set(name, entry);
        this.index(entry);
        return { created: !old, schedule: this.view(entry, false) };
    }
    async get(name) {
        const entry = this.entries.get(name);
        return entry ? this.view(entry, true) : null;
    }
    async list(limit, cursor) {
        // names sorted per call: a listing is an operator's read, not the scheduler's path
        const names = [...this.entries.keys()].filter((n) => cursor === undefined || n > cursor).sort();
        const page = names.slice(0, Math.max(1, limit));
        const items = page.map((n) => this.view(this.entries.get(n), false));
        return { items, nextCursor: page.length < names.length ? page[page.length - 1] : null };
    }
    async delete(name) {
        const entry = this.entries.get(name);
        if (!entry)
            return false;
        this.due.remove(entry);
        this.entries.delete(name);
        return true;
    }
    async setPaused(name, paused, nextAt) {
        const entry = this.entries.get(name);
        if (!entry)
            return null;
        if (!paused && !entry.schedule.paused)
            return this.view(entry, false);
        entry.schedule = { ...entry.schedule, paused, updatedAt: this.clock.now(), ...(paused ? {} : { nextAt }) };
        this.index(entry);
        return this.view(entry, false);
    }
    async claimDue(max, leaseMs, aheadMs = 0) {
        const now = this.clock.now();
        const dueBy = now + aheadMs;
        const claimed = [];
        const taken = [];
        while (claimed.length < max) {
            const top = this.due.peek();
            if (!top || top.at > dueBy)
                break;
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
    async settle(items) {
        const now = this.clock.now();
        return items.map((item) => {
            const entry = this.entries.get(item.name);
            if (!entry || entry.token !== item.token)
                return 'stale';
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
    async recordRun(name, run) {
        const entry = this.entries.get(name);
        if (!entry)
            return false;
        entry.schedule = { ...entry.schedule, fired: entry.schedule.fired + 1, lastJobId: run.jobId, updatedAt: this.clock.now() };
        this.addRuns(entry, [run]);
        return true;
    }
    addRuns(entry, runs) {
        for (const run of runs)
            entry.runs.unshift({ ...run });
        if (entry.runs.length > schedule_1.SCHEDULE_RUNS_KEPT)
            entry.runs.length = schedule_1.SCHEDULE_RUNS_KEPT;
    }
    /**
     * In the due index at its nextAt unless paused or ended; while a claim holds it (and it is in
     * the index) it keeps its lease end (as includes/schedule-index.lua).
     */
    index(entry) {
        const { paused, nextAt } = entry.schedule;
        if (paused || nextAt === null) {
            this.due.remove(entry);
            return;
        }
        if (entry.token !== 0 && entry.heapIndex >= 0)
            return;
        this.due.remove(entry);
        entry.at = nextAt;
        this.due.push(entry);
    }
    view(entry, withRuns) {
        const schedule = { ...entry.schedule, definition: structuredClone(entry.schedule.definition) };
        if (withRuns)
            schedule.runs = entry.runs.map((r) => ({ ...r }));
        return schedule;
    }
}
exports.MemorySchedules = MemorySchedules;
//# sourceMappingURL=memory-schedules.js.map