"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_SCHEDULE_TIME = exports.SCHEDULE_KEY_PREFIX = exports.NEXT_RUNS_SHOWN = exports.SCHEDULE_RUNS_KEPT = exports.MAX_EVERY_MS = exports.MIN_EVERY_MS = exports.MAX_CATCH_UP_LIMIT = exports.DEFAULT_MAX_CATCH_UP = exports.CATCH_UP_POLICIES = exports.OVERLAP_POLICIES = void 0;
exports.tickIdempotencyKey = tickIdempotencyKey;
exports.triggerIdempotencyKey = triggerIdempotencyKey;
exports.anchorOf = anchorOf;
exports.sameTicks = sameTicks;
exports.validateScheduleName = validateScheduleName;
exports.isTimeZone = isTimeZone;
exports.checkScheduleDefinition = checkScheduleDefinition;
exports.nextTick = nextTick;
exports.upcomingTicks = upcomingTicks;
exports.planFire = planFire;
const croner_1 = require("croner");
const errors_1 = require("./errors");
const job_1 = require("./job");
/**
 * Recurring schedules: the model shared by the stores, the scheduler and the API. Plain
 * TypeScript plus croner, the one cron library: no cron arithmetic is written here by hand.
 */
exports.OVERLAP_POLICIES = ['allow', 'skip'];
exports.CATCH_UP_POLICIES = ['none', 'latest', 'all'];
exports.DEFAULT_MAX_CATCH_UP = 100;
/** The most ticks one fire may enqueue for a schedule that missed many (catchUp 'all'). */
exports.MAX_CATCH_UP_LIMIT = 1_000;
/** everyMs and cron both tick at most once a second. */
exports.MIN_EVERY_MS = 1_000;
exports.MAX_EVERY_MS = 366 * 86_400_000;
/** The runs a schedule keeps (GET /schedules/:name, lastRuns). */
exports.SCHEDULE_RUNS_KEPT = 20;
/** nextRuns shows this many coming fire times. */
exports.NEXT_RUNS_SHOWN = 5;
/**
 * The idempotency key of the job a tick fires: a tick makes one job in its queue whichever
 * instance fires it and however often (a fire cut short by a crash is fired again by another
 * instance with the same key). The prefix is reserved: POST /jobs refuses keys that start with it.
 */
exports.SCHEDULE_KEY_PREFIX = 'claimq-schedule:';
function tickIdempotencyKey(name, fireAt) {
    return `${exports.SCHEDULE_KEY_PREFIX}${fireAt}:${name}`;
}
/**
 * A manual trigger's key: its own, so it never takes the key of a tick at the same millisecond.
 * The time comes first in both shapes and names may hold ':', so no two schedules' keys meet.
 */
function triggerIdempotencyKey(name, fireAt) {
    return `${exports.SCHEDULE_KEY_PREFIX}trigger:${fireAt}:${name}`;
}
/** The latest time a schedule's startAt or endAt may name: croner computes no cron time past 2999. */
exports.MAX_SCHEDULE_TIME = Date.UTC(2999, 11, 31, 23, 59, 59, 999);
/** Where everyMs ticks of a stored schedule count from (nextTick's `anchor`). */
function anchorOf(schedule) {
    return schedule.definition.anchor ?? schedule.createdAt;
}
/** Whether two definitions tick at the same times (a replace that keeps them keeps its place). */
function sameTicks(a, b) {
    return a.cron === b.cron && a.everyMs === b.everyMs && a.timezone === b.timezone && a.startAt === b.startAt && a.endAt === b.endAt && a.anchor === b.anchor;
}
function validateScheduleName(name) {
    if (!job_1.NAME_PATTERN.test(name))
        throw new errors_1.InvalidJobSpecError('name', 'must match [A-Za-z0-9_.:-]{1,100}');
}
/** Whether `zone` is an IANA time zone this runtime knows. */
function isTimeZone(zone) {
    try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
    }
    catch {
        return false;
    }
}
/**
 * The rules the DTOs cannot check alone; also what embedded callers could get wrong. Throws
 * InvalidJobSpecError naming the field.
 */
function checkScheduleDefinition(def) {
    if ((def.cron === undefined) === (def.everyMs === undefined)) {
        throw new errors_1.InvalidJobSpecError(def.cron === undefined ? 'cron' : 'everyMs', 'exactly one of cron and everyMs must be given');
    }
    if (!isTimeZone(def.timezone))
        throw new errors_1.InvalidJobSpecError('timezone', `${def.timezone} is not an IANA time zone`);
    if (def.cron !== undefined)
        cronOf(def);
    if (def.everyMs !== undefined && (!Number.isInteger(def.everyMs) || def.everyMs < exports.MIN_EVERY_MS || def.everyMs > exports.MAX_EVERY_MS)) {
        throw new errors_1.InvalidJobSpecError('everyMs', `must be an integer from ${exports.MIN_EVERY_MS} to ${exports.MAX_EVERY_MS}`);
    }
    if (!Number.isInteger(def.maxCatchUp) || def.maxCatchUp < 1 || def.maxCatchUp > exports.MAX_CATCH_UP_LIMIT) {
        throw new errors_1.InvalidJobSpecError('maxCatchUp', `must be an integer from 1 to ${exports.MAX_CATCH_UP_LIMIT}`);
    }
    for (const field of ['startAt', 'endAt']) {
        if (def[field] !== undefined && def[field] > exports.MAX_SCHEDULE_TIME)
            throw new errors_1.InvalidJobSpecError(field, 'must be at most 2999-12-31T23:59:59.999Z');
    }
    if (def.startAt !== undefined && def.endAt !== undefined && def.endAt <= def.startAt) {
        throw new errors_1.InvalidJobSpecError('endAt', 'must be after startAt');
    }
}
function isUtc(zone) {
    try {
        return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone === 'UTC';
    }
    catch {
        return false;
    }
}
// Parsed patterns, shared: a scheduler fires the same schedules every tick.
const crons = new Map();
const CRON_CACHE_MAX = 10_000;
/**
 * The croner object of a cron schedule. 5 fields (minute precision) or 6 (seconds first). A time
 * in a daylight-saving gap fires at the first valid time after the gap; a time that occurs twice
 * fires once, at its first occurrence (croner's fixed-time rule, for patterns whose second, minute
 * and hour are single values, such as `30 2 * * *`); patterns with wildcards or steps in those
 * fields are interval patterns: they skip times in the gap and fire on both occurrences.
 */
function cronOf(def) {
    const key = `${def.timezone} ${def.cron}`;
    let cron = crons.get(key);
    if (!cron) {
        // UTC as a fixed offset: croner then skips its time-zone conversions (10 µs a tick, not 75)
        const zone = isUtc(def.timezone) ? { utcOffset: 0 } : { timezone: def.timezone };
        try {
            cron = new croner_1.Cron(def.cron, { ...zone, paused: true, mode: '5-or-6-parts', domAndDow: false });
        }
        catch (err) {
            throw new errors_1.InvalidJobSpecError('cron', `is not a cron pattern of 5 or 6 fields: ${err.message}`);
        }
        if (crons.size >= CRON_CACHE_MAX)
            crons.delete(crons.keys().next().value);
        crons.set(key, cron);
    }
    return cron;
}
/**
 * The first tick strictly after `after` (epoch ms) within startAt..endAt, or null when there is
 * none. Ticks of everyMs are anchored at startAt, or at `anchor` (the schedule's creation time).
 */
function nextTick(def, after, anchor) {
    const from = def.startAt !== undefined ? Math.max(after, def.startAt - 1) : after;
    let tick;
    if (def.everyMs !== undefined) {
        const base = def.startAt ?? anchor;
        tick = from < base ? base : base + (Math.floor((from - base) / def.everyMs) + 1) * def.everyMs;
    }
    else {
        const next = cronOf(def).nextRun(new Date(from));
        tick = next ? next.getTime() : null;
    }
    return tick !== null && (def.endAt === undefined || tick <= def.endAt) ? tick : null;
}
/** The next `count` ticks from `first` (inclusive), for nextRuns. */
function upcomingTicks(def, first, anchor, count) {
    const ticks = [];
    for (let t = first; t !== null && ticks.length < count; t = nextTick(def, t, anchor))
        ticks.push(t);
    return ticks;
}
/**
 * Ticks a fire enumerates one by one at most (croner takes 10 to 75 µs a tick): beyond that, it
 * jumps to the latest ticks and counts the others by their span (exact for a regular pattern, an
 * estimate for an irregular one). catchUp 'all' enumerates up to its maxCatchUp and this many more.
 */
const ENUMERATE_EXTRA = 100;
/**
 * Which of a schedule's due ticks (from `first`, its nextAt, up to `now`) a fire makes jobs for:
 * - 'all': every due tick, the latest maxCatchUp of them if more are due;
 * - 'latest': the latest due tick only;
 * - 'none': the latest due tick only if it is on time (at most `graceMs` old), else none.
 * The other due ticks are missed. A tick's time is on time when the scheduler is merely late (a
 * busy instance, a failover), and missed when no instance ran at all: `graceMs` tells them apart.
 */
function planFire(def, first, now, anchor, graceMs) {
    const keep = def.catchUp === 'all' ? def.maxCatchUp : 1;
    const limit = keep + ENUMERATE_EXTRA;
    // the latest `keep` due ticks enumerated, and how many were due in all
    let due = [];
    let counted = 0;
    let t = first;
    while (t !== null && t <= now && counted < limit) {
        due.push(t);
        counted++;
        t = nextTick(def, t, anchor);
    }
    if (t !== null && t <= now) {
        // a long outage of a frequent schedule: jump to the latest ticks, count those between by span
        const enumeratedLast = due[due.length - 1];
        const period = counted > 1 ? (enumeratedLast - first) / (counted - 1) : t - enumeratedLast;
        const latest = latestTicks(def, now, anchor, keep);
        const latestLast = latest[latest.length - 1] ?? enumeratedLast;
        counted += Math.max(0, Math.round((latestLast - enumeratedLast) / Math.max(period, 1)));
        due = latest.length > 0 ? latest : due;
        t = nextTick(def, now, anchor);
    }
    due = due.slice(-keep);
    const lastDue = due[due.length - 1];
    const fire = def.catchUp === 'none' && (lastDue === undefined || now - lastDue > graceMs) ? [] : due;
    return { fire, missed: counted - fire.length, nextAt: t, ...(lastDue !== undefined ? { lastDue } : {}) };
}
/** The latest `count` ticks at or before `now`, oldest first. */
function latestTicks(def, now, anchor, count) {
    const until = def.endAt !== undefined ? Math.min(now, def.endAt) : now;
    if (def.everyMs !== undefined) {
        const base = def.startAt ?? anchor;
        const last = base + Math.floor((until - base) / def.everyMs) * def.everyMs;
        const ticks = [];
        for (let t = last; ticks.length < count && t >= base; t -= def.everyMs)
            ticks.unshift(t);
        return ticks;
    }
    return cronOf(def)
        .previousRuns(count, new Date(until + 1))
        .map((d) => d.getTime())
        .filter((t) => t <= until && (def.startAt === undefined || t >= def.startAt))
        .sort((a, b) => a - b);
}
//# sourceMappingURL=schedule.js.map