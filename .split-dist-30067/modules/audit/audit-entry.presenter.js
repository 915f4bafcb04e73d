"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentAuditEntry = presentAuditEntry;
function presentAuditEntry(entry) {
    const out = { id: entry.id, at: new Date(entry.at).toISOString(), keyId: entry.keyId, action: entry.action, target: entry.target };
    if (entry.details !== undefined)
        out.details = entry.details;
    return out;
}
//# sourceMappingURL=audit-entry.presenter.js.map