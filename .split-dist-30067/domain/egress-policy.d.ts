import ipaddr from 'ipaddr.js';
type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];
/** HTTP_EGRESS: `default` refuses what is never a service to call; `public-only` refuses every private network too. */
export declare const EGRESS_MODES: readonly ["default", "public-only"];
export type EgressMode = (typeof EGRESS_MODES)[number];
export type EgressVerdict = {
    allowed: true;
} | {
    allowed: false;
    rule: string;
};
export interface EgressPolicyOptions {
    mode?: EgressMode;
    /** HTTP_EGRESS_ALLOW: CIDRs (or single addresses) allowed whatever the mode refuses. */
    allow?: readonly string[];
    /** HTTP_EGRESS_DENY: CIDRs (or single addresses) refused whatever the mode allows. */
    deny?: readonly string[];
}
/**
 * Which addresses `http` jobs and callbacks may connect to, judged on the address actually dialed
 * (after DNS, on every hop and every retry: EgressConnector), never on the host name a client wrote.
 *
 * An address matched by HTTP_EGRESS_ALLOW or HTTP_EGRESS_DENY is decided by the most specific of
 * their entries that matches (a tie is denied), so either list can carve an exception out of the
 * other; an address neither list names is decided by the mode. An IPv6 address that carries an
 * IPv4 one (mapped, NAT64, 6to4) is refused when either of the two is.
 */
export declare class EgressPolicy {
    readonly mode: EgressMode;
    private readonly modeRules;
    private readonly listed;
    constructor(options?: EgressPolicyOptions);
    /** `address`: an IP address in any spelling ipaddr.js reads; anything else is refused. */
    judge(address: string): EgressVerdict;
    /**
     * The verdict on a URL whose host is an IP address, so a refused target can be refused when the
     * job is enqueued; a host name is judged when it is resolved, at dial time, and passes here.
     */
    judgeUrlHost(url: string): EgressVerdict;
    private judgeOne;
}
/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address (`10.1.2.3`, as /32 or /128). Throws a readable error. */
export declare function parseCidr(entry: string): Cidr;
export {};
