"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentQueueSettings = presentQueueSettings;
exports.presentGroup = presentGroup;
exports.presentGroupPage = presentGroupPage;
const default_group_alias_1 = require("./default-group-alias");
const rate = (limit) => (limit === null ? null : { max: limit.max, perMs: limit.perMs });
/** A queue's settings as the API shows them (copies: the memory store's objects stay its own). */
function presentQueueSettings(settings) {
    return { queue: settings.queue, paused: settings.paused, groupConcurrency: settings.groupConcurrency, rateLimit: rate(settings.rateLimit) };
}
/** A group as the API shows it: the default group by its alias, limitedUntil as ISO-8601 like every time of the API. */
function presentGroup(state) {
    const view = {
        name: (0, default_group_alias_1.groupNameShown)(state.name),
        pending: state.pending,
        running: state.running,
        paused: state.paused,
        concurrency: state.concurrency,
        effectiveConcurrency: state.effectiveConcurrency,
        rateLimit: rate(state.rateLimit),
        limitedBy: state.limitedBy,
    };
    if (state.limitedUntil !== undefined)
        view.limitedUntil = new Date(state.limitedUntil).toISOString();
    return view;
}
function presentGroupPage(page) {
    return { items: page.items.map(presentGroup), nextCursor: (0, default_group_alias_1.groupCursorShown)(page.nextCursor) };
}
//# sourceMappingURL=fairness.presenter.js.map