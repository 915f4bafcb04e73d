"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CreateHistoryGaps1767571200000 = void 0;
/**
 * history_gaps: events the store dropped before the history writer read them (its backlog
 * outgrew HISTORY_BACKLOG_MAX_MB), one row per gap record: the time range of the dropped events
 * and their exact count. `id` names the record in its source (stream key and entry id), so a gap
 * delivered twice is stored once.
 */
class CreateHistoryGaps1767571200000 {
    name = 'CreateHistoryGaps1767571200000';
    async up(db) {
        await db.query(`
      CREATE TABLE "history_gaps" (
        "id" text NOT NULL,
        "queue" text NOT NULL,
        "from_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "to_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "events" bigint NOT NULL,
        "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_history_gaps" PRIMARY KEY ("id")
      )`);
        await db.query(`CREATE INDEX "history_gaps_queue_from_idx" ON "history_gaps" ("queue", "from_at")`);
    }
    async down(db) {
        await db.query(`DROP TABLE "history_gaps"`);
    }
}
exports.CreateHistoryGaps1767571200000 = CreateHistoryGaps1767571200000;
//# sourceMappingURL=1767571200000-create-history-gaps.js.map