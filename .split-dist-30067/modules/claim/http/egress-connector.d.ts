import { buildConnector } from 'undici';
import { EgressPolicy } from '../../../domain/egress-policy';
/** The error a refused connection fails with; fetch wraps it as the `cause` of its "fetch failed". */
export declare class EgressDeniedError extends Error {
    readonly host: string;
    readonly address: string;
    readonly rule: string;
    readonly code = "CLAIMQ_EGRESS_DENIED";
    constructor(host: string, address: string, rule: string);
}
/** A host name's addresses, in the order to try them. */
export type ResolveHost = (hostname: string) => Promise<string[]>;
export interface EgressConnectorOptions {
    /** Default: dns.lookup (the resolver the OS and /etc/hosts give every other program), all addresses. */
    resolve?: ResolveHost;
    /** What opens the socket once an address passed. Default: undici's own. Tests pass one that records and never dials. */
    connect?: buildConnector.connector;
    /** Told of every refusal (the metric). */
    onDenied?: (rule: string) => void;
}
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
export declare function egressConnector(policy: EgressPolicy, options?: EgressConnectorOptions): buildConnector.connector;
