"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.secretsAtRestWarning = secretsAtRestWarning;
/** The warning to log at start when secret headers would be stored in Redis unencrypted, else undefined. */
function secretsAtRestWarning(config) {
    if (config.secretsKeys.length > 0 || config.jobStore !== 'redis')
        return undefined;
    return ('no SECRETS_KEYS: the secret headers of http jobs (HTTP_SECRET_HEADERS) are stored unencrypted in Redis ' +
        '(the API still shows them as [redacted]); set SECRETS_KEYS to encrypt them at rest');
}
//# sourceMappingURL=secrets-at-rest-warning.js.map