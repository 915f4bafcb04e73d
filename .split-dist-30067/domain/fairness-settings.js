"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.checkGroupName = checkGroupName;
exports.checkGroupsPageLimit = checkGroupsPageLimit;
exports.checkQueueSettingsPatch = checkQueueSettingsPatch;
exports.checkGroupSettingsPatch = checkGroupSettingsPatch;
/**
 * The rules of fairness settings as any caller gives them (the API checks the same with its DTOs
 * first; code that embeds claimq reaches these only): plain TypeScript, throwing
 * InvalidJobSpecError naming the field, so every entry point refuses with the same words.
 */
const errors_1 = require("./errors");
const fairness_1 = require("./fairness");
const job_1 = require("./job");
const isIntIn = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;
/** A group's name as the stores take it: NAME_PATTERN, or '' for the default group. */
function checkGroupName(group, field = 'group') {
    if (group !== fairness_1.DEFAULT_GROUP && !(typeof group === 'string' && job_1.NAME_PATTERN.test(group))) {
        throw new errors_1.InvalidJobSpecError(field, 'must match [A-Za-z0-9_.:-]{1,100}');
    }
}
/** A page size of the groups listing. */
function checkGroupsPageLimit(limit, field = 'limit') {
    if (!isIntIn(limit, 1, fairness_1.MAX_GROUPS_PAGE))
        throw new errors_1.InvalidJobSpecError(field, `must be an integer from 1 to ${fairness_1.MAX_GROUPS_PAGE}`);
}
function checkQueueSettingsPatch(patch) {
    checkConcurrency(patch.groupConcurrency, 'groupConcurrency');
    checkRateLimit(patch.rateLimit, 'rateLimit');
}
function checkGroupSettingsPatch(patch) {
    checkConcurrency(patch.concurrency, 'concurrency');
    checkRateLimit(patch.rateLimit, 'rateLimit');
    if (patch.paused !== undefined && typeof patch.paused !== 'boolean')
        throw new errors_1.InvalidJobSpecError('paused', 'must be a boolean');
}
/** A cap: left out (undefined), cleared (null), or 1 to MAX_GROUP_CONCURRENCY. */
function checkConcurrency(value, field) {
    if (value === undefined || value === null)
        return;
    if (!isIntIn(value, 1, fairness_1.MAX_GROUP_CONCURRENCY))
        throw new errors_1.InvalidJobSpecError(field, `must be null or an integer from 1 to ${fairness_1.MAX_GROUP_CONCURRENCY}`);
}
/** A rate limit: left out, cleared (null), or {max, perMs} within their bounds. */
function checkRateLimit(value, field) {
    if (value === undefined || value === null)
        return;
    if (typeof value !== 'object' || Array.isArray(value))
        throw new errors_1.InvalidJobSpecError(field, 'must be null or an object with max and perMs');
    if (!isIntIn(value.max, 1, fairness_1.MAX_RATE_LIMIT_MAX))
        throw new errors_1.InvalidJobSpecError(`${field}.max`, `must be an integer from 1 to ${fairness_1.MAX_RATE_LIMIT_MAX}`);
    if (!isIntIn(value.perMs, fairness_1.MIN_RATE_LIMIT_PER_MS, fairness_1.MAX_RATE_LIMIT_PER_MS)) {
        throw new errors_1.InvalidJobSpecError(`${field}.perMs`, `must be an integer from ${fairness_1.MIN_RATE_LIMIT_PER_MS} to ${fairness_1.MAX_RATE_LIMIT_PER_MS}`);
    }
}
//# sourceMappingURL=fairness-settings.js.map