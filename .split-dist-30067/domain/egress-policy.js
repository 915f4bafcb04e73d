"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.EgressPolicy = exports.EGRESS_MODES = void 0;
exports.parseCidr = parseCidr;
const node_net_1 = require("node:net");
const ipaddr_js_1 = __importDefault(require("ipaddr.js"));
/** HTTP_EGRESS: `default` refuses what is never a service to call; `public-only` refuses every private network too. */
exports.EGRESS_MODES = ['default', 'public-only'];
const rules = (name, ...cidrs) => cidrs.map((c) => ({ name, cidr: ipaddr_js_1.default.parseCIDR(c) }));
/**
 * Refused in every mode: cloud metadata services live on link-local addresses (169.254.169.254,
 * fd00:ec2::254 on AWS's IPv6), and unspecified (0.0.0.0 reaches this host on Linux), multicast
 * and broadcast addresses are never an HTTP service.
 */
const ALWAYS_DENIED = [
    ...rules('link-local', '169.254.0.0/16', 'fe80::/10'),
    ...rules('cloud-metadata', 'fd00:ec2::254/128'),
    ...rules('unspecified', '0.0.0.0/8', '::/128'),
    ...rules('multicast', '224.0.0.0/4', 'ff00::/8'),
    ...rules('broadcast', '255.255.255.255/32'),
];
/** Refused under `public-only` as well, as Stripe's smokescreen refuses them: this host and private networks. */
const PRIVATE = [
    ...rules('loopback', '127.0.0.0/8', '::1/128'),
    ...rules('private', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'),
    ...rules('carrier-grade-nat', '100.64.0.0/10'),
];
/** IPv6 ranges that carry an IPv4 address whose packets end up at that address; it is judged as well. */
const IPV4_CARRIERS = [
    { cidr: ipaddr_js_1.default.parseCIDR('::ffff:0:0/96'), at: 6 }, // IPv4-mapped
    { cidr: ipaddr_js_1.default.parseCIDR('::/96'), at: 6 }, // IPv4-compatible (deprecated, still routed by some stacks)
    { cidr: ipaddr_js_1.default.parseCIDR('64:ff9b::/96'), at: 6 }, // NAT64
    { cidr: ipaddr_js_1.default.parseCIDR('64:ff9b:1::/48'), at: 6 }, // local-use NAT64
    { cidr: ipaddr_js_1.default.parseCIDR('2002::/16'), at: 1 }, // 6to4
];
/**
 * Which addresses `http` jobs and callbacks may connect to, judged on the address actually dialed
 * (after DNS, on every hop and every retry: EgressConnector), never on the host name a client wrote.
 *
 * An address matched by HTTP_EGRESS_ALLOW or HTTP_EGRESS_DENY is decided by the most specific of
 * their entries that matches (a tie is denied), so either list can carve an exception out of the
 * other; an address neither list names is decided by the mode. An IPv6 address that carries an
 * IPv4 one (mapped, NAT64, 6to4) is refused when either of the two is.
 */
class EgressPolicy {
    mode;
    modeRules;
    listed;
    constructor(options = {}) {
        this.mode = options.mode ?? 'default';
        this.modeRules = this.mode === 'public-only' ? [...ALWAYS_DENIED, ...PRIVATE] : ALWAYS_DENIED;
        this.listed = [
            ...(options.allow ?? []).map((entry) => ({ name: `HTTP_EGRESS_ALLOW ${entry}`, cidr: parseCidr(entry), allow: true })),
            ...(options.deny ?? []).map((entry) => ({ name: `HTTP_EGRESS_DENY ${entry}`, cidr: parseCidr(entry), allow: false })),
        ];
    }
    /** `address`: an IP address in any spelling ipaddr.js reads; anything else is refused. */
    judge(address) {
        const parsed = parseAddress(address);
        if (!parsed)
            return { allowed: false, rule: 'not-an-ip-address' };
        for (const candidate of [parsed, ...carriedIpv4(parsed)]) {
            const verdict = this.judgeOne(candidate);
            if (!verdict.allowed)
                return verdict;
        }
        return { allowed: true };
    }
    /**
     * The verdict on a URL whose host is an IP address, so a refused target can be refused when the
     * job is enqueued; a host name is judged when it is resolved, at dial time, and passes here.
     */
    judgeUrlHost(url) {
        let host;
        try {
            host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
        }
        catch {
            return { allowed: true };
        }
        return (0, node_net_1.isIP)(host) ? this.judge(host) : { allowed: true };
    }
    judgeOne(address) {
        let best;
        for (const entry of this.listed) {
            if (!matches(address, entry.cidr))
                continue;
            const moreSpecific = !best || entry.cidr[1] > best.cidr[1] || (entry.cidr[1] === best.cidr[1] && !entry.allow);
            if (moreSpecific)
                best = entry;
        }
        if (best)
            return best.allow ? { allowed: true } : { allowed: false, rule: best.name };
        const rule = this.modeRules.find((r) => matches(address, r.cidr));
        return rule ? { allowed: false, rule: rule.name } : { allowed: true };
    }
}
exports.EgressPolicy = EgressPolicy;
/** An IP address, or undefined. Accepts the forms inet_aton does (`0xa9fea9fe`, `0251.0376.0251.0376`, `2852039166`). */
function parseAddress(text) {
    const bare = text.replace(/^\[(.*)\]$/, '$1');
    return ipaddr_js_1.default.isValid(bare) ? ipaddr_js_1.default.parse(bare) : undefined;
}
/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address (`10.1.2.3`, as /32 or /128). Throws a readable error. */
function parseCidr(entry) {
    if (entry.includes('/')) {
        if (!ipaddr_js_1.default.isValidCIDR(entry))
            throw new Error(`${JSON.stringify(entry)} is not a CIDR (10.0.0.0/8, fd00::/8) or an IP address`);
        return ipaddr_js_1.default.parseCIDR(entry);
    }
    const address = parseAddress(entry);
    if (!address)
        throw new Error(`${JSON.stringify(entry)} is not a CIDR (10.0.0.0/8, fd00::/8) or an IP address`);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
}
function matches(address, cidr) {
    return address.kind() === cidr[0].kind() && address.match(cidr);
}
function carriedIpv4(address) {
    if (address.kind() !== 'ipv6')
        return [];
    const v6 = address;
    // `::` and `::1` sit inside ::/96 but carry no IPv4 address: they are judged as themselves
    if (v6.parts.slice(0, 7).every((p) => p === 0) && v6.parts[7] <= 1)
        return [];
    const carrier = IPV4_CARRIERS.find((c) => v6.match(c.cidr));
    if (!carrier)
        return [];
    const [hi, lo] = [v6.parts[carrier.at], v6.parts[carrier.at + 1]];
    return [new ipaddr_js_1.default.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])];
}
//# sourceMappingURL=egress-policy.js.map