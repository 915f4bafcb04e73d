import { MigrationInterface, QueryRunner } from 'typeorm';
/**
 * history_gaps: events the store dropped before the history writer read them (its backlog
 * outgrew HISTORY_BACKLOG_MAX_MB), one row per gap record: the time range of the dropped events
 * and their exact count. `id` names the record in its source (stream key and entry id), so a gap
 * delivered twice is stored once.
 */
export declare class CreateHistoryGaps1767571200000 implements MigrationInterface {
    name: string;
    up(db: QueryRunner): Promise<void>;
    down(db: QueryRunner): Promise<void>;
}
