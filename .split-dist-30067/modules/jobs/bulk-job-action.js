"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_BULK_LIMIT = exports.DEFAULT_BULK_LIMIT = exports.BULK_ACTION_STATUSES = void 0;
exports.runBulkAction = runBulkAction;
const errors_1 = require("../../domain/errors");
/** The statuses each action lists, the first one the default. */
exports.BULK_ACTION_STATUSES = {
    cancel: ['pending', 'scheduled', 'running'],
    retry: ['failed', 'cancelled'],
};
exports.DEFAULT_BULK_LIMIT = 500;
exports.MAX_BULK_LIMIT = 1_000;
/** Jobs of one batch changed at once. */
const BULK_CONCURRENCY = 16;
async function runBulkAction(jobs, action, query) {
    const statuses = exports.BULK_ACTION_STATUSES[action];
    const status = query.status ?? statuses[0];
    if (!statuses.includes(status))
        throw new errors_1.InvalidJobSpecError('status', `must be one of ${statuses.join(', ')} for a bulk ${action}`);
    const limit = query.limit ?? exports.DEFAULT_BULK_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > exports.MAX_BULK_LIMIT)
        throw new errors_1.InvalidJobSpecError('limit', `must be an integer from 1 to ${exports.MAX_BULK_LIMIT}`);
    const page = await jobs.list({ queue: query.queue, status, type: query.type, limit, cursor: query.cursor });
    let changed = 0;
    const apply = async (job) => {
        // a running job already asked to cancel: nothing is left to change
        if (action === 'cancel' && job.status === 'running' && job.cancelRequested)
            return;
        try {
            await (action === 'cancel' ? jobs.cancel(job.id) : jobs.retry(job.id));
            changed++;
        }
        catch (error) {
            if (error instanceof errors_1.JobNotFoundError || error instanceof errors_1.InvalidTransitionError)
                return;
            throw error;
        }
    };
    for (let i = 0; i < page.items.length; i += BULK_CONCURRENCY) {
        await Promise.all(page.items.slice(i, i + BULK_CONCURRENCY).map(apply));
    }
    return { processed: page.items.length, changed, skipped: page.items.length - changed, nextCursor: page.nextCursor };
}
//# sourceMappingURL=bulk-job-action.js.map