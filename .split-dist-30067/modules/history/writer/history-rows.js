"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.rowsJson = rowsJson;
/**
 * The rows as json text, without U+0000: Postgres text and jsonb cannot hold it, and a job's error
 * or result (values and keys) may contain it. JSON.stringify writes it as the escape \u0000; where
 * that escape's backslash follows an even number of backslashes (escaped backslashes, kept), it is
 * U+0000 and is dropped. A batch without one (almost all) is scanned once, by includes().
 */
function rowsJson(rows) {
    const json = JSON.stringify(rows);
    return json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1') : json;
}
//# sourceMappingURL=history-rows.js.map