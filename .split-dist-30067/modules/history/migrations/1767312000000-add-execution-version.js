"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AddExecutionVersion1767312000000 = void 0;
/**
 * executions.version: the counters' version in the store. A refresh writes a row only over an
 * older version, so two refreshers that read an execution at different moments (one of them
 * slow, or recovered after a stall) can never put an older status back.
 */
class AddExecutionVersion1767312000000 {
    name = 'AddExecutionVersion1767312000000';
    async up(db) {
        await db.query(`ALTER TABLE "executions" ADD COLUMN "version" bigint NOT NULL DEFAULT 0`);
    }
    async down(db) {
        await db.query(`ALTER TABLE "executions" DROP COLUMN "version"`);
    }
}
exports.AddExecutionVersion1767312000000 = AddExecutionVersion1767312000000;
//# sourceMappingURL=1767312000000-add-execution-version.js.map