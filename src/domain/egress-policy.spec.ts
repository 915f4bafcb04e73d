import { EgressPolicy, parseCidr } from './egress-policy';

/** 169.254.169.254, the cloud metadata address, as an address can be written (judge() reads what the resolver returns). */
export const METADATA_SPELLINGS = [
  '169.254.169.254',
  '2852039166', // decimal
  '0xa9fea9fe', // hex
  '0251.0376.0251.0376', // octal
  '0xa9.0xfe.0xa9.0xfe', // hex per octet
  '169.254.43518', // inet_aton's three-part form
  '::ffff:169.254.169.254', // IPv4-mapped IPv6
  '::ffff:a9fe:a9fe',
  '0:0:0:0:0:ffff:a9fe:a9fe',
  '[::ffff:a9fe:a9fe]',
  '::a9fe:a9fe', // IPv4-compatible IPv6
  '64:ff9b::a9fe:a9fe', // NAT64
  '2002:a9fe:a9fe::1', // 6to4
];

describe('EgressPolicy', () => {
  const defaults = new EgressPolicy();
  const publicOnly = new EgressPolicy({ mode: 'public-only' });

  it.each(METADATA_SPELLINGS)('refuses the metadata address spelled %s as link-local, in either mode', (address) => {
    expect(defaults.judge(address)).toEqual({ allowed: false, rule: 'link-local' });
    expect(publicOnly.judge(address)).toEqual({ allowed: false, rule: 'link-local' });
  });

  it('refuses by default what is never a service: link-local, AWS IPv6 metadata, unspecified, multicast, broadcast', () => {
    const refused = {
      'fe80::1': 'link-local',
      'fd00:ec2::254': 'cloud-metadata',
      'FD00:EC2:0:0:0:0:0:254': 'cloud-metadata',
      '0.0.0.0': 'unspecified',
      '0.1.2.3': 'unspecified',
      '::': 'unspecified',
      '224.0.0.1': 'multicast',
      'ff02::1': 'multicast',
      '255.255.255.255': 'broadcast',
      '::ffff:0.0.0.0': 'unspecified',
    };
    for (const [address, rule] of Object.entries(refused)) expect([address, defaults.judge(address)]).toEqual([address, { allowed: false, rule }]);
  });

  it('allows loopback, private networks and the internet by default: calling internal services is the main use', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '100.64.0.1', 'fd12::1', '93.184.215.14', '2606:2800::1']) {
      expect([address, defaults.judge(address)]).toEqual([address, { allowed: true }]);
    }
  });

  it('refuses loopback and private networks under public-only, as smokescreen does, and allows the internet', () => {
    const refused = {
      '127.0.0.1': 'loopback',
      '127.255.0.9': 'loopback',
      '::1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '2130706433': 'loopback',
      '10.1.2.3': 'private',
      '172.31.255.255': 'private',
      '192.168.0.1': 'private',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      '::ffff:10.0.0.1': 'private',
      '64:ff9b::a00:1': 'private',
      '100.64.0.1': 'carrier-grade-nat',
    };
    for (const [address, rule] of Object.entries(refused)) expect([address, publicOnly.judge(address)]).toEqual([address, { allowed: false, rule }]);
    for (const address of ['93.184.215.14', '172.32.0.1', '2606:2800::1']) expect(publicOnly.judge(address)).toEqual({ allowed: true });
  });

  it('lets HTTP_EGRESS_ALLOW and HTTP_EGRESS_DENY refine either mode, the most specific entry deciding', () => {
    const policy = new EgressPolicy({ mode: 'public-only', allow: ['10.1.0.0/16', '127.0.0.1'], deny: ['10.1.5.0/24', '203.0.113.0/24'] });
    expect(policy.judge('10.1.2.3')).toEqual({ allowed: true });
    expect(policy.judge('::ffff:10.1.2.3')).toEqual({ allowed: true });
    expect(policy.judge('127.0.0.1')).toEqual({ allowed: true });
    expect(policy.judge('127.0.0.2')).toEqual({ allowed: false, rule: 'loopback' });
    expect(policy.judge('10.1.5.9')).toEqual({ allowed: false, rule: 'HTTP_EGRESS_DENY 10.1.5.0/24' });
    expect(policy.judge('10.2.0.1')).toEqual({ allowed: false, rule: 'private' });
    expect(policy.judge('203.0.113.7')).toEqual({ allowed: false, rule: 'HTTP_EGRESS_DENY 203.0.113.0/24' });

    const carved = new EgressPolicy({ deny: ['10.0.0.0/8'], allow: ['10.9.9.9/32', 'fd00::/8'] });
    expect(carved.judge('10.9.9.9')).toEqual({ allowed: true });
    expect(carved.judge('10.9.9.8')).toEqual({ allowed: false, rule: 'HTTP_EGRESS_DENY 10.0.0.0/8' });
    expect(carved.judge('fd00::5')).toEqual({ allowed: true });
    // an operator's explicit allow reaches even the built-in refusals, and the metadata address stays refused beside it
    expect(carved.judge('fd00:ec2::254')).toEqual({ allowed: true });
    expect(carved.judge('169.254.169.254')).toEqual({ allowed: false, rule: 'link-local' });

    const tie = new EgressPolicy({ allow: ['192.0.2.0/24'], deny: ['192.0.2.0/24'] });
    expect(tie.judge('192.0.2.1')).toEqual({ allowed: false, rule: 'HTTP_EGRESS_DENY 192.0.2.0/24' });
  });

  it('refuses what is not an IP address', () => {
    expect(defaults.judge('example.com')).toEqual({ allowed: false, rule: 'not-an-ip-address' });
    expect(defaults.judge('')).toEqual({ allowed: false, rule: 'not-an-ip-address' });
  });

  it('judges the host of a URL when it is an address in any spelling the URL parser reads, and passes host names on to dial time', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://0xA9FEA9FE/',
      'http://0251.0376.0251.0376/',
      'http://169.254.43518/',
      'http://[::ffff:169.254.169.254]/',
      'https://[0:0:0:0:0:ffff:a9fe:a9fe]:8443/x',
      'http://[fd00:ec2::254]/',
    ]) {
      expect([url, defaults.judgeUrlHost(url).allowed]).toEqual([url, false]);
    }
    expect(defaults.judgeUrlHost('http://metadata.google.internal/')).toEqual({ allowed: true });
    expect(defaults.judgeUrlHost('http://127.0.0.1:8080/')).toEqual({ allowed: true });
    expect(publicOnly.judgeUrlHost('http://127.0.0.1:8080/')).toEqual({ allowed: false, rule: 'loopback' });
    expect(defaults.judgeUrlHost('not a url')).toEqual({ allowed: true });
  });

  it('reads CIDRs and single addresses, and names the entry it cannot read', () => {
    expect(parseCidr('10.0.0.0/8')[1]).toBe(8);
    expect(parseCidr('10.1.2.3')[1]).toBe(32);
    expect(parseCidr('fd00::1')[1]).toBe(128);
    expect(() => parseCidr('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not a CIDR');
    expect(() => parseCidr('intranet')).toThrow('"intranet" is not a CIDR');
    expect(() => new EgressPolicy({ deny: ['nope/8'] })).toThrow('"nope/8" is not a CIDR');
  });
});
