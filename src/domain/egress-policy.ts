import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** HTTP_EGRESS: `default` refuses what is never a service to call; `public-only` refuses every private network too. */
export const EGRESS_MODES = ['default', 'public-only'] as const;
export type EgressMode = (typeof EGRESS_MODES)[number];

interface Rule {
  /** What the error and the metric call it: `link-local`, `HTTP_EGRESS_DENY 10.0.0.0/8`, ... */
  name: string;
  cidr: Cidr;
}

const rules = (name: string, ...cidrs: string[]): Rule[] => cidrs.map((c) => ({ name, cidr: ipaddr.parseCIDR(c) }));

/**
 * Refused in every mode: cloud metadata services live on link-local addresses (169.254.169.254,
 * fd00:ec2::254 on AWS's IPv6), and unspecified (0.0.0.0 reaches this host on Linux), multicast
 * and broadcast addresses are never an HTTP service.
 */
const ALWAYS_DENIED: readonly Rule[] = [
  ...rules('link-local', '169.254.0.0/16', 'fe80::/10'),
  ...rules('cloud-metadata', 'fd00:ec2::254/128'),
  ...rules('unspecified', '0.0.0.0/8', '::/128'),
  ...rules('multicast', '224.0.0.0/4', 'ff00::/8'),
  ...rules('broadcast', '255.255.255.255/32'),
];

/** Refused under `public-only` as well, as Stripe's smokescreen refuses them: this host and private networks. */
const PRIVATE: readonly Rule[] = [
  ...rules('loopback', '127.0.0.0/8', '::1/128'),
  ...rules('private', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'),
  ...rules('carrier-grade-nat', '100.64.0.0/10'),
];

/** IPv6 ranges that carry an IPv4 address whose packets end up at that address; it is judged as well. */
const IPV4_CARRIERS: readonly { cidr: Cidr; at: number }[] = [
  { cidr: ipaddr.parseCIDR('::ffff:0:0/96'), at: 6 }, // IPv4-mapped
  { cidr: ipaddr.parseCIDR('::/96'), at: 6 }, // IPv4-compatible (deprecated, still routed by some stacks)
  { cidr: ipaddr.parseCIDR('64:ff9b::/96'), at: 6 }, // NAT64
  { cidr: ipaddr.parseCIDR('64:ff9b:1::/48'), at: 6 }, // local-use NAT64
  { cidr: ipaddr.parseCIDR('2002::/16'), at: 1 }, // 6to4
];

export type EgressVerdict = { allowed: true } | { allowed: false; rule: string };

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
export class EgressPolicy {
  readonly mode: EgressMode;
  private readonly modeRules: readonly Rule[];
  private readonly listed: readonly (Rule & { allow: boolean })[];

  constructor(options: EgressPolicyOptions = {}) {
    this.mode = options.mode ?? 'default';
    this.modeRules = this.mode === 'public-only' ? [...ALWAYS_DENIED, ...PRIVATE] : ALWAYS_DENIED;
    this.listed = [
      ...(options.allow ?? []).map((entry) => ({ name: `HTTP_EGRESS_ALLOW ${entry}`, cidr: parseCidr(entry), allow: true })),
      ...(options.deny ?? []).map((entry) => ({ name: `HTTP_EGRESS_DENY ${entry}`, cidr: parseCidr(entry), allow: false })),
    ];
  }

  /** `address`: an IP address in any spelling ipaddr.js reads; anything else is refused. */
  judge(address: string): EgressVerdict {
    const parsed = parseAddress(address);
    if (!parsed) return { allowed: false, rule: 'not-an-ip-address' };
    for (const candidate of [parsed, ...carriedIpv4(parsed)]) {
      const verdict = this.judgeOne(candidate);
      if (!verdict.allowed) return verdict;
    }
    return { allowed: true };
  }

  /**
   * The verdict on a URL whose host is an IP address, so a refused target can be refused when the
   * job is enqueued; a host name is judged when it is resolved, at dial time, and passes here.
   */
  judgeUrlHost(url: string): EgressVerdict {
    let host: string;
    try {
      host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    } catch {
      return { allowed: true };
    }
    return isIP(host) ? this.judge(host) : { allowed: true };
  }

  private judgeOne(address: Address): EgressVerdict {
    let best: (Rule & { allow: boolean }) | undefined;
    for (const entry of this.listed) {
      if (!matches(address, entry.cidr)) continue;
      const moreSpecific = !best || entry.cidr[1] > best.cidr[1] || (entry.cidr[1] === best.cidr[1] && !entry.allow);
      if (moreSpecific) best = entry;
    }
    if (best) return best.allow ? { allowed: true } : { allowed: false, rule: best.name };
    const rule = this.modeRules.find((r) => matches(address, r.cidr));
    return rule ? { allowed: false, rule: rule.name } : { allowed: true };
  }
}

/** An IP address, or undefined. Accepts the forms inet_aton does (`0xa9fea9fe`, `0251.0376.0251.0376`, `2852039166`). */
function parseAddress(text: string): Address | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined;
}

/** A CIDR (`10.0.0.0/8`, `fd00::/8`) or a single address (`10.1.2.3`, as /32 or /128). Throws a readable error. */
export function parseCidr(entry: string): Cidr {
  if (entry.includes('/')) {
    if (!ipaddr.isValidCIDR(entry)) throw new Error(`${JSON.stringify(entry)} is not a CIDR (10.0.0.0/8, fd00::/8) or an IP address`);
    return ipaddr.parseCIDR(entry);
  }
  const address = parseAddress(entry);
  if (!address) throw new Error(`${JSON.stringify(entry)} is not a CIDR (10.0.0.0/8, fd00::/8) or an IP address`);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

function matches(address: Address, cidr: Cidr): boolean {
  return address.kind() === cidr[0].kind() && address.match(cidr);
}

function carriedIpv4(address: Address): ipaddr.IPv4[] {
  if (address.kind() !== 'ipv6') return [];
  const v6 = address as ipaddr.IPv6;
  // `::` and `::1` sit inside ::/96 but carry no IPv4 address: they are judged as themselves
  if (v6.parts.slice(0, 7).every((p) => p === 0) && v6.parts[7] <= 1) return [];
  const carrier = IPV4_CARRIERS.find((c) => v6.match(c.cidr));
  if (!carrier) return [];
  const [hi, lo] = [v6.parts[carrier.at], v6.parts[carrier.at + 1]];
  return [new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])];
}
