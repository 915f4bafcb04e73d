"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EgressDeniedError = void 0;
exports.egressConnector = egressConnector;
const promises_1 = require("node:dns/promises");
const node_net_1 = require("node:net");
const undici_1 = require("undici");
/** The error a refused connection fails with; fetch wraps it as the `cause` of its "fetch failed". */
class EgressDeniedError extends Error {
    host;
    address;
    rule;
    code = 'CLAIMQ_EGRESS_DENIED';
    constructor(host, address, rule) {
        super(`${address === host ? address : `${host} (${address})`} is refused by the egress policy (${rule})`);
        this.host = host;
        this.address = address;
        this.rule = rule;
        this.name = 'EgressDeniedError';
    }
}
exports.EgressDeniedError = EgressDeniedError;
const systemResolve = async (hostname) => (await (0, promises_1.lookup)(hostname, { all: true, order: 'verbatim' })).map((a) => a.address);
/** Connection errors after which the next address of the host is worth a try. */
const NEXT_ADDRESS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
/**
 * An undici connector that opens a connection only to an address the egress policy allows. It
 * resolves the host itself, judges every address, and hands undici's connector the address, not
 * the name (with the name as TLS servername, so certificates are checked against it): what was
 * judged is what is dialed, and a DNS answer that changes between the check and the connect (DNS
 * rebinding) changes nothing. Addresses the policy refuses are dropped; a host left with none
 * fails the connection with EgressDeniedError, naming the first refused address and its rule.
 * Allowed addresses are tried in turn while a connection is refused or unreachable.
 *
 * Every connection goes through here: each redirect hop and each retry opens or reuses one (a
 * pooled connection was judged when it opened).
 */
function egressConnector(policy, options = {}) {
    const resolve = options.resolve ?? systemResolve;
    const connect = options.connect ?? (0, undici_1.buildConnector)({});
    return (target, callback) => {
        const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
        const addresses = (0, node_net_1.isIP)(host) ? Promise.resolve([host]) : resolve(host);
        addresses.then((resolved) => {
            const allowed = [];
            let refused;
            for (const address of resolved) {
                const verdict = policy.judge(address);
                if (verdict.allowed)
                    allowed.push(address);
                else
                    refused ??= new EgressDeniedError(host, address, verdict.rule);
            }
            if (allowed.length === 0) {
                const error = refused ?? new EgressDeniedError(host, '(none)', 'no-address');
                options.onDenied?.(error.rule);
                callback(error, null);
                return;
            }
            const servername = target.servername ?? ((0, node_net_1.isIP)(host) ? undefined : host);
            const attempt = (i) => {
                connect({ ...target, hostname: allowed[i], servername }, (err, socket) => {
                    if (err && i + 1 < allowed.length && NEXT_ADDRESS.has(err.code ?? ''))
                        attempt(i + 1);
                    else if (err)
                        callback(err, null);
                    else
                        callback(null, socket);
                });
            };
            attempt(0);
        }, (err) => callback(err instanceof Error ? err : new Error(String(err)), null));
    };
}
//# sourceMappingURL=egress-connector.js.map