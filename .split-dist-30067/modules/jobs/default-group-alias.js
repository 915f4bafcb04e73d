"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.GroupParamPipe = exports.DEFAULT_GROUP_ALIAS = void 0;
exports.groupNameShown = groupNameShown;
exports.groupCursorShown = groupCursorShown;
exports.groupCursorFromQuery = groupCursorFromQuery;
const common_1 = require("@nestjs/common");
const fairness_1 = require("../../domain/fairness");
const errors_1 = require("../../domain/errors");
const job_1 = require("../../domain/job");
/**
 * The default group (jobs without a group: '' inside the stores) as the API names it, in paths and
 * in responses. Not a legal group name ('~' is outside NAME_PATTERN), so no group can take it.
 * The one place that maps between the two.
 */
exports.DEFAULT_GROUP_ALIAS = '~default';
/** A group's name as a response shows it. */
function groupNameShown(stored) {
    return stored === fairness_1.DEFAULT_GROUP ? exports.DEFAULT_GROUP_ALIAS : stored;
}
/**
 * A listing's cursor as a response shows it: a store may use the last name of a page as its
 * cursor, and the default group's '' could not travel in a query string (`cursor` is 1 or more
 * characters), so '' is shown as the alias, and read back as ''.
 */
function groupCursorShown(stored) {
    return stored === fairness_1.DEFAULT_GROUP ? exports.DEFAULT_GROUP_ALIAS : stored;
}
function groupCursorFromQuery(cursor) {
    return cursor === exports.DEFAULT_GROUP_ALIAS ? fairness_1.DEFAULT_GROUP : cursor;
}
/** `:group` of a path: a group name, or the alias of the default group; 400 naming `group` otherwise. */
let GroupParamPipe = class GroupParamPipe {
    transform(group) {
        if (group === exports.DEFAULT_GROUP_ALIAS)
            return fairness_1.DEFAULT_GROUP;
        if (!job_1.NAME_PATTERN.test(group))
            throw new errors_1.InvalidJobSpecError('group', `must match [A-Za-z0-9_.:-]{1,100}, or be ${exports.DEFAULT_GROUP_ALIAS} for the queue's default group`);
        return group;
    }
};
exports.GroupParamPipe = GroupParamPipe;
exports.GroupParamPipe = GroupParamPipe = __decorate([
    (0, common_1.Injectable)()
], GroupParamPipe);
//# sourceMappingURL=default-group-alias.js.map