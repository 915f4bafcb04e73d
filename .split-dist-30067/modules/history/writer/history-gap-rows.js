"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.insertHistoryGaps = insertHistoryGaps;
/** All of a batch's gaps in one statement; a gap delivered again (same id) is stored once. */
const INSERT_HISTORY_GAPS = `
INSERT INTO history_gaps (id, queue, from_at, to_at, events)
SELECT g.id, g.queue, to_timestamp(g.from_ms / 1000.0), to_timestamp(g.to_ms / 1000.0), g.events
FROM jsonb_to_recordset($1::jsonb) AS g(id text, queue text, from_ms bigint, to_ms bigint, events bigint)
ORDER BY g.id
ON CONFLICT (id) DO NOTHING`;
/** Writes `gaps` in the caller's transaction, the one that writes the rows of their batch. */
async function insertHistoryGaps(tx, gaps) {
    if (gaps.length === 0)
        return;
    const rows = gaps.map((g) => ({ id: g.id, queue: g.queue, from_ms: g.fromMs, to_ms: g.toMs, events: g.events }));
    await tx.query(INSERT_HISTORY_GAPS, [JSON.stringify(rows)]);
}
//# sourceMappingURL=history-gap-rows.js.map