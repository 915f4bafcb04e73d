"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisGroups = void 0;
const fairness_1 = require("../../../domain/fairness");
const group_store_1 = require("../group-store");
const redis_job_codec_1 = require("./redis-job-codec");
/** A listing cursor: the last name of the page, marked so the default group's '' is a cursor too. */
const CURSOR_MARK = 'g:';
/**
 * The Redis GroupStore: a queue's settings hash and its groups' hashes, in the queue's slot
 * (includes/groups.lua lists the fields). Changes are scripts (queue-settings.lua,
 * group-update.lua), because they move groups in and out of the round the claim reads; reads are
 * one MULTI of the hashes they show.
 */
class RedisGroups extends group_store_1.GroupStore {
    redis;
    keys;
    run;
    call;
    clock;
    hostConcurrency;
    constructor(redis, keys, run, call, clock, hostConcurrency) {
        super();
        this.redis = redis;
        this.keys = keys;
        this.run = run;
        this.call = call;
        this.clock = clock;
        this.hostConcurrency = hostConcurrency;
    }
    async settings(queue) {
        const hash = await this.call(() => this.redis.hgetall(this.keys(queue).settings));
        return decodeSettings(queue, hash);
    }
    async updateSettings(queue, patch) {
        return this.change(queue, [capArg(patch.groupConcurrency), rateArg(patch.rateLimit), '']);
    }
    async setPaused(queue, paused) {
        return this.change(queue, ['', '', paused ? '1' : '0']);
    }
    async updateGroup(queue, group, patch) {
        const args = [group, capArg(patch.concurrency), rateArg(patch.rateLimit), patch.paused === undefined ? '' : patch.paused ? '1' : '0'];
        const [groupPairs, settingsPairs] = (await this.call(() => this.run('group-update', queue, args)));
        const settings = (0, redis_job_codec_1.pairsToHash)(settingsPairs);
        return this.decodeGroup(group, (0, redis_job_codec_1.pairsToHash)(groupPairs), settings);
    }
    async getGroup(queue, group) {
        const k = this.keys(queue);
        const replies = results(await this.call(() => readGroup(this.redis.multi().hgetall(k.settings), k, group).exec()));
        const settings = replies.shift();
        return this.decodeGroup(group, groupHash(group, settings, replies), settings);
    }
    async list(queue, limit, cursor) {
        const count = Math.max(1, Math.floor(limit));
        const after = cursor?.startsWith(CURSOR_MARK) ? cursor.slice(CURSOR_MARK.length) : undefined;
        const k = this.keys(queue);
        return this.call(async () => {
            const names = await this.redis.zrangebylex(k.groups, after === undefined ? '-' : `(${after}`, '+', 'LIMIT', 0, count + 1);
            const multi = this.redis.multi().hgetall(k.settings);
            if (after === undefined)
                readGroup(multi, k, fairness_1.DEFAULT_GROUP);
            for (const name of names)
                readGroup(multi, k, name);
            const replies = results(await multi.exec());
            const settings = replies.shift();
            const items = [];
            if (after === undefined) {
                const hash = groupHash(fairness_1.DEFAULT_GROUP, settings, replies);
                const state = this.decodeGroup(fairness_1.DEFAULT_GROUP, hash, settings);
                if (state.pending > 0 || state.running > 0 || hasSettings(hash))
                    items.push(state);
            }
            for (const name of names) {
                const hash = groupHash(name, settings, replies);
                // forgotten between the two reads: left out
                if (Object.keys(hash).length > 0)
                    items.push(this.decodeGroup(name, hash, settings));
            }
            const more = names.length > count || items.length > count;
            const page = items.slice(0, count);
            return { items: page, nextCursor: more && page.length > 0 ? CURSOR_MARK + page[page.length - 1].name : null };
        });
    }
    async change(queue, args) {
        const pairs = (await this.call(() => this.run('queue-settings', queue, args)));
        return decodeSettings(queue, (0, redis_job_codec_1.pairsToHash)(pairs));
    }
    decodeGroup(name, h, settings) {
        const now = this.clock.now();
        const own = h.c === undefined ? null : Number(h.c);
        const cap = (0, fairness_1.effectiveConcurrency)(name, own, settings.gc === undefined ? null : Number(settings.gc), this.hostConcurrency);
        const rateLimit = decodeRate(h.rm, h.rp);
        const running = Math.max(0, Number(h.r ?? 0));
        const state = {
            name,
            pending: Math.max(0, Number(h.n ?? 0)),
            running,
            paused: h.p === '1',
            concurrency: own,
            effectiveConcurrency: cap,
            rateLimit,
            limitedBy: null,
        };
        const tat = h.tat === undefined ? undefined : Number(h.tat);
        if (state.paused)
            state.limitedBy = 'paused';
        else if (cap !== null && running >= cap)
            state.limitedBy = 'concurrency';
        else if (rateLimit && (0, fairness_1.tokensAvailable)(tat, rateLimit, now) === 0) {
            state.limitedBy = 'rate';
            state.limitedUntil = (0, fairness_1.nextTokenAt)(tat, rateLimit, now);
        }
        return state;
    }
}
exports.RedisGroups = RedisGroups;
/**
 * Queues the reads of one group on `multi`: its hash, and for the default group the queue's
 * running and pending counts, which it holds all of while the queue has not turned groups on (its
 * claims then keep no counts: includes/groups.lua). groupHash takes the replies back in order.
 */
function readGroup(multi, k, group) {
    multi.hgetall(k.group(group));
    if (group === fairness_1.DEFAULT_GROUP)
        multi.zcard(k.leases).zcard(k.pending).llen(k.pendingFifo).get(k.pendingFifoGone);
    return multi;
}
/** The group's hash from the front of `replies` (readGroup's, taken off), with the counts it holds. */
function groupHash(group, settings, replies) {
    const hash = replies.shift();
    if (group !== fairness_1.DEFAULT_GROUP)
        return hash;
    const [leases, pending, fifo, gone] = replies.splice(0, 4);
    if (settings.g === '1')
        return hash;
    return { ...hash, n: String(Math.max(0, pending + fifo - Number(gone ?? 0))), r: String(leases) };
}
function hasSettings(h) {
    return h.c !== undefined || h.rm !== undefined || h.p === '1';
}
function decodeSettings(queue, h) {
    return {
        queue,
        paused: h.p === '1',
        groupConcurrency: h.gc === undefined ? null : Number(h.gc),
        rateLimit: decodeRate(h.rm, h.rp),
    };
}
function decodeRate(max, perMs) {
    return max === undefined || perMs === undefined ? null : { max: Number(max), perMs: Number(perMs) };
}
function capArg(cap) {
    return cap === undefined ? '' : cap === null ? '-' : String(cap);
}
function rateArg(rate) {
    return rate === undefined ? '' : rate === null ? '-' : `${rate.max}:${rate.perMs}`;
}
function results(replies) {
    return (replies ?? []).map(([error, value]) => {
        if (error)
            throw error;
        return value;
    });
}
//# sourceMappingURL=redis-groups.js.map