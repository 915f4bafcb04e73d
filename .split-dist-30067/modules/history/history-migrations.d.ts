import { CreateHistoryTables1767225600000 } from './migrations/1767225600000-create-history-tables';
/**
 * Every history migration, oldest first. Listed as classes rather than a file glob so the same
 * list works from the compiled dist, from the TypeORM CLI and under Vitest. Add new ones here.
 */
export declare const HISTORY_MIGRATIONS: (typeof CreateHistoryTables1767225600000)[];
