"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryGroups = void 0;
const fairness_1 = require("../../../domain/fairness");
const group_store_1 = require("../group-store");
/** Opaque to callers; the prefix keeps the default group's name ('') from reading as no cursor. */
const CURSOR_PREFIX = 'g:';
/** The memory store's GroupStore: each queue's settings and groups live in its GroupRound. */
class MemoryGroups extends group_store_1.GroupStore {
    queues;
    clock;
    hostConcurrency;
    constructor(queues, clock, hostConcurrency) {
        super();
        this.queues = queues;
        this.clock = clock;
        this.hostConcurrency = hostConcurrency;
    }
    async settings(queue) {
        return this.settingsOf(queue, this.queues.find(queue));
    }
    async updateSettings(queue, patch) {
        const q = this.queues.open(queue);
        q.round.updateSettings(patch, this.clock.now());
        return this.settingsOf(queue, q);
    }
    async setPaused(queue, paused) {
        const q = this.queues.open(queue);
        q.round.setPaused(paused);
        return this.settingsOf(queue, q);
    }
    async updateGroup(queue, group, patch) {
        const q = this.queues.open(queue);
        const now = this.clock.now();
        q.round.updateGroup(group, patch, now);
        return q.round.state(group, now);
    }
    async getGroup(queue, group) {
        return this.stateOf(this.queues.find(queue), group);
    }
    async list(queue, limit, cursor) {
        const q = this.queues.find(queue);
        if (!q)
            return { items: [], nextCursor: null };
        const size = Math.max(1, Math.floor(limit));
        const after = cursor === undefined ? undefined : cursor.startsWith(CURSOR_PREFIX) ? cursor.slice(CURSOR_PREFIX.length) : cursor;
        const names = q.round.names().filter((name) => after === undefined || name > after);
        const page = names.slice(0, size);
        const now = this.clock.now();
        return {
            items: page.map((name) => q.round.state(name, now)),
            nextCursor: names.length > size ? CURSOR_PREFIX + page[page.length - 1] : null,
        };
    }
    settingsOf(queue, q) {
        if (!q)
            return { queue, paused: false, groupConcurrency: null, rateLimit: null };
        return { queue, ...q.round.settings() };
    }
    stateOf(q, group) {
        if (q)
            return q.round.state(group, this.clock.now());
        // a queue never seen: nothing set, no job
        const cap = (0, fairness_1.effectiveConcurrency)(group, null, null, this.hostConcurrency);
        return { name: group, pending: 0, running: 0, paused: false, concurrency: null, effectiveConcurrency: cap, rateLimit: null, limitedBy: null };
    }
}
exports.MemoryGroups = MemoryGroups;
//# sourceMappingURL=memory-groups.js.map