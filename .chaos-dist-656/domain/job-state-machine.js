"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nextStatus = nextStatus;
exports.canTransition = canTransition;
const TRANSITIONS = {
    claim: { pending: 'running' },
    complete: { running: 'succeeded' },
    fail: { running: 'failed' },
    retry_later: { running: 'scheduled' },
    release: { running: 'pending' },
    expire: { running: 'pending' },
    cancel: { pending: 'cancelled', scheduled: 'cancelled' },
    retry: { failed: 'pending', cancelled: 'pending' },
    promote: { scheduled: 'pending' },
};
function nextStatus(from, action) {
    return TRANSITIONS[action][from];
}
function canTransition(from, action) {
    return nextStatus(from, action) !== undefined;
}
//# sourceMappingURL=job-state-machine.js.map