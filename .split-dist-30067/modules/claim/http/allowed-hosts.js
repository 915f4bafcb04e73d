"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isHostAllowed = isHostAllowed;
/**
 * HTTP_JOB_ALLOWED_HOSTS: when set, an `http` job may only call these hosts. An entry is a host
 * name (`api.example.com`), a host and port (`localhost:8080`), or a subdomain wildcard
 * (`*.example.com`, which does not match `example.com` itself). Unset: any host.
 */
function isHostAllowed(url, allowed) {
    if (!allowed)
        return true;
    const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    const hostPort = `${host}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
    return allowed.some((entry) => {
        if (entry.startsWith('*.'))
            return host.endsWith(entry.slice(1));
        return /^[^:[\]]+:\d+$/.test(entry) ? entry === hostPort : entry.replace(/^\[(.*)\]$/, '$1') === host;
    });
}
//# sourceMappingURL=allowed-hosts.js.map