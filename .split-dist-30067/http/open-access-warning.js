"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.openAccessWarning = openAccessWarning;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);
/** The warning to log at start when the API is reachable beyond this machine without a key, else undefined. */
function openAccessWarning(config) {
    if (config.apiKeysEnforced || LOOPBACK_HOSTS.has(config.host.toLowerCase()))
        return undefined;
    return `listening on ${config.host} with no API_KEYS: anyone who can reach port ${config.port} can submit, cancel and read jobs`;
}
//# sourceMappingURL=open-access-warning.js.map