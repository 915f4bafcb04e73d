import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { EgressPolicy } from '../../../domain/egress-policy';

/** The error a refused connection fails with; fetch wraps it as the `cause` of its "fetch failed". */
export class EgressDeniedError extends Error {
  readonly code = 'CLAIMQ_EGRESS_DENIED';

  constructor(
    readonly host: string,
    readonly address: string,
    readonly rule: string,
  ) {
    super(`${address === host ? address : `${host} (${address})`} is refused by the egress policy (${rule})`);
    this.name = 'EgressDeniedError';
  }
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

const systemResolve: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, order: 'verbatim' })).map((a) => a.address);

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
export function egressConnector(policy: EgressPolicy, options: EgressConnectorOptions = {}): buildConnector.connector {
  const resolve = options.resolve ?? systemResolve;
  const connect = options.connect ?? buildConnector({});
  return (target, callback) => {
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(host) ? Promise.resolve([host]) : resolve(host);
    addresses.then(
      (resolved) => {
        const allowed: string[] = [];
        let refused: EgressDeniedError | undefined;
        for (const address of resolved) {
          const verdict = policy.judge(address);
          if (verdict.allowed) allowed.push(address);
          else refused ??= new EgressDeniedError(host, address, verdict.rule);
        }
        if (allowed.length === 0) {
          const error = refused ?? new EgressDeniedError(host, '(none)', 'no-address');
          options.onDenied?.(error.rule);
          callback(error, null);
          return;
        }
        const servername = target.servername ?? (isIP(host) ? undefined : host);
        const attempt = (i: number): void => {
          connect({ ...target, hostname: allowed[i], servername }, (err, socket) => {
            if (err && i + 1 < allowed.length && NEXT_ADDRESS.has((err as { code?: string }).code ?? '')) attempt(i + 1);
            else if (err) callback(err, null);
            else callback(null, socket!);
          });
        };
        attempt(0);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}
