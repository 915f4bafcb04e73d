"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.periodStart = periodStart;
exports.periodEnd = periodEnd;
exports.aheadMs = aheadMs;
exports.partitionName = partitionName;
exports.uncovered = uncovered;
exports.rangesToCreate = rangesToCreate;
exports.parseRangeBound = parseRangeBound;
const DAY_MS = 86_400_000;
/** Start of the period holding `ms`: UTC midnight, or the Monday of its ISO week. */
function periodStart(period, ms) {
    const day = Math.floor(ms / DAY_MS) * DAY_MS;
    if (period === 'day')
        return day;
    const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
    return day - weekday * DAY_MS;
}
function periodEnd(period, start) {
    return start + (period === 'day' ? DAY_MS : 7 * DAY_MS);
}
/** How far ahead of now partitions exist, so that a day's rows never wait for theirs. */
function aheadMs(period) {
    return period === 'day' ? 7 * DAY_MS : 28 * DAY_MS;
}
/**
 * `<table>_p20261125`: named by the first moment it holds (ranges never overlap), with the time
 * when that is not midnight (`_p20261125T1536`, a day split at an upgrade).
 */
function partitionName(table, from) {
    const iso = new Date(from).toISOString();
    const day = iso.slice(0, 10).replace(/-/g, '');
    return from % DAY_MS === 0 ? `${table}_p${day}` : `${table}_p${day}T${iso.slice(11, 16).replace(':', '')}`;
}
/** [range] minus the ranges given: the parts no partition covers, in order. */
function uncovered(range, covering) {
    const out = [];
    let from = range.from;
    for (const c of [...covering].sort((a, b) => a.from - b.from)) {
        if (c.to <= from || c.from >= range.to)
            continue;
        if (c.from > from)
            out.push({ from, to: c.from });
        from = Math.max(from, c.to);
    }
    if (from < range.to)
        out.push({ from, to: range.to });
    return out;
}
/**
 * Ranges to create so that [from, until) is covered, continuing after `coveredUntil` (the end of
 * the newest existing partition): a first range that is not a whole period (the period setting
 * changed, or partitions end mid-period) runs to the next boundary.
 */
function rangesToCreate(period, coveredUntil, now) {
    const until = now + aheadMs(period);
    let from = Math.max(coveredUntil ?? 0, periodStart(period, now));
    const out = [];
    while (from < until) {
        const start = periodStart(period, from);
        const to = periodEnd(period, start);
        out.push({ from, to });
        from = to;
    }
    return out;
}
/** The range of a partition bound as pg_get_expr prints it, or undefined for DEFAULT. */
function parseRangeBound(bound) {
    const m = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(bound);
    if (!m)
        return undefined;
    return { from: parseTimestamptz(m[1]), to: parseTimestamptz(m[2]) };
}
/** A timestamptz as PostgreSQL prints it in any session time zone: `2026-11-25 01:00:00+01`. */
function parseTimestamptz(text) {
    const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?$/.exec(text);
    if (!m)
        throw new Error(`not a timestamptz bound: ${text}`);
    const ms = Date.parse(`${m[1]}T${m[2]}Z`);
    const sign = m[3].startsWith('-') ? -1 : 1;
    const offsetS = Math.abs(Number(m[3])) * 3600 + Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
    return ms - sign * offsetS * 1000;
}
//# sourceMappingURL=partition-period.js.map