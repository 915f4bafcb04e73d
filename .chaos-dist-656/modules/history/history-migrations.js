"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HISTORY_MIGRATIONS = void 0;
const _1767225600000_create_history_tables_1 = require("./migrations/1767225600000-create-history-tables");
const _1767312000000_add_execution_version_1 = require("./migrations/1767312000000-add-execution-version");
/**
 * Every history migration, oldest first. Listed as classes rather than a file glob so the same
 * list works from the compiled dist, from the TypeORM CLI and under jest. Add new ones here.
 */
exports.HISTORY_MIGRATIONS = [_1767225600000_create_history_tables_1.CreateHistoryTables1767225600000, _1767312000000_add_execution_version_1.AddExecutionVersion1767312000000];
//# sourceMappingURL=history-migrations.js.map