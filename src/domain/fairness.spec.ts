import { effectiveConcurrency, hostGroupOf, nextTokenAt, RateLimit, takeTokens, tokensAvailable } from './fairness';
import { NAME_PATTERN } from './job';

const T0 = Date.UTC(2030, 0, 1);

/** Greedy claimers: at every step, take every token there is. Returns how many were taken by `endMs`. */
function takeGreedily(limit: RateLimit, steps: Iterable<number>): { taken: number; tat: number | undefined; now: number } {
  let tat: number | undefined;
  let now = T0;
  let taken = 0;
  const take = (): void => {
    const n = tokensAvailable(tat, limit, now);
    if (n > 0) tat = takeTokens(tat, limit, now, n);
    taken += n;
  };
  take();
  for (const step of steps) {
    now += step;
    take();
  }
  return { taken, tat, now };
}

function* repeat(step: number, times: number): Generator<number> {
  for (let i = 0; i < times; i++) yield step;
}

describe('rate limit buckets (GCRA)', () => {
  const limit = { max: 5, perMs: 1000 };

  it('holds max tokens when full: never used, or idle long enough', () => {
    expect(tokensAvailable(undefined, limit, T0)).toBe(5);
    expect(tokensAvailable(T0 - 1, limit, T0)).toBe(5);
    const tat = takeTokens(undefined, limit, T0, 5);
    expect(tokensAvailable(tat, limit, T0 + 1000)).toBe(5);
    expect(tokensAvailable(tat, limit, T0 + 10 * 86_400_000)).toBe(5);
  });

  it('takes tokens and refills one every perMs / max', () => {
    let tat = takeTokens(undefined, limit, T0, 3);
    expect(tokensAvailable(tat, limit, T0)).toBe(2);
    tat = takeTokens(tat, limit, T0, 2);
    expect(tokensAvailable(tat, limit, T0)).toBe(0);
    expect(tokensAvailable(tat, limit, T0 + 199)).toBe(0);
    expect(tokensAvailable(tat, limit, T0 + 200)).toBe(1);
    expect(tokensAvailable(tat, limit, T0 + 599)).toBe(2);
    expect(tokensAvailable(tat, limit, T0 + 1000)).toBe(5);
  });

  it('names the next token exactly: now while one is there, else the first whole ms it is', () => {
    expect(nextTokenAt(undefined, limit, T0)).toBe(T0);
    const empty = takeTokens(undefined, limit, T0, 5);
    expect(nextTokenAt(empty, limit, T0)).toBe(T0 + 200);
    expect(nextTokenAt(empty, limit, T0 + 150)).toBe(T0 + 200);
    expect(nextTokenAt(empty, limit, T0 + 200)).toBe(T0 + 200);
    // an interval that is not a whole number of ms: 1000 / 3
    const thirds = { max: 3, perMs: 1000 };
    let tat = takeTokens(undefined, thirds, T0, 3);
    for (let k = 1; k <= 30; k++) {
      const at = nextTokenAt(tat, thirds, T0 + 1);
      expect(tokensAvailable(tat, thirds, at)).toBe(1);
      expect(tokensAvailable(tat, thirds, at - 1)).toBe(0);
      expect(at).toBe(T0 + Math.ceil((k * 1000) / 3));
      tat = takeTokens(tat, thirds, at, 1);
    }
  });

  it('starts max + elapsed * max / perMs over a long run of small steps, without drift', () => {
    for (const l of [limit, { max: 3, perMs: 1000 }, { max: 7, perMs: 60_000 }, { max: 50, perMs: 1000 }]) {
      const oneMs = takeGreedily(l, repeat(1, 120_000));
      expect(oneMs.taken).toBe(l.max + Math.floor((120_000 * l.max) / l.perMs));
      const uneven = takeGreedily(l, [...repeat(7, 10_000), ...repeat(13, 3_000), 1]);
      expect(uneven.taken).toBe(l.max + Math.floor((uneven.now - T0) * (l.max / l.perMs)));
    }
  });

  it('never goes above max or below zero, and a large take only delays the bucket', () => {
    const tat = takeTokens(undefined, limit, T0, 50);
    expect(tokensAvailable(tat, limit, T0)).toBe(0);
    expect(nextTokenAt(tat, limit, T0)).toBe(T0 + 9200);
    expect(tokensAvailable(tat, limit, T0 + 9200)).toBe(1);
    expect(tokensAvailable(tat, limit, T0 + 10_000)).toBe(5);
  });

  it('holds at the extremes: a day per token, and a million per ms', () => {
    const daily = { max: 1, perMs: 86_400_000 };
    const tat = takeTokens(undefined, daily, T0, 1);
    expect(nextTokenAt(tat, daily, T0)).toBe(T0 + 86_400_000);
    const fast = { max: 1_000_000, perMs: 1 };
    expect(tokensAvailable(undefined, fast, T0)).toBe(1_000_000);
    expect(tokensAvailable(takeTokens(undefined, fast, T0, 1_000_000), fast, T0 + 1)).toBe(1_000_000);
  });
});

describe('effectiveConcurrency', () => {
  it("takes the group's own cap first, else the queue's, else none", () => {
    expect(effectiveConcurrency('g', 3, 10, 0)).toBe(3);
    expect(effectiveConcurrency('g', 30, 10, 0)).toBe(30);
    expect(effectiveConcurrency('g', 0, 10, 0)).toBe(0);
    expect(effectiveConcurrency('g', null, 10, 0)).toBe(10);
    expect(effectiveConcurrency('g', null, null, 0)).toBeNull();
  });

  it('caps a host group without a cap of its own at the host default, below the queue cap too', () => {
    expect(effectiveConcurrency('host:a.example', null, null, 100)).toBe(100);
    expect(effectiveConcurrency('host:a.example', null, 20, 100)).toBe(20);
    expect(effectiveConcurrency('host:a.example', null, 500, 100)).toBe(100);
    // its own cap wins, even above the host default
    expect(effectiveConcurrency('host:a.example', 300, 20, 100)).toBe(300);
  });

  it('leaves other groups, and every group when the host default is 0, to their own and the queue cap', () => {
    expect(effectiveConcurrency('tenant', null, null, 100)).toBeNull();
    expect(effectiveConcurrency('', null, null, 100)).toBeNull();
    expect(effectiveConcurrency('hostile', null, 7, 2)).toBe(7);
    expect(effectiveConcurrency('host:a.example', null, null, 0)).toBeNull();
  });
});

describe('hostGroupOf', () => {
  it('names the host, lower case, with a port only when it is not the default', () => {
    expect(hostGroupOf('https://API.Example.COM/v1?q=1')).toBe('host:api.example.com');
    expect(hostGroupOf('http://a.example:8080/x')).toBe('host:a.example:8080');
    expect(hostGroupOf('https://a.example:443/x')).toBe('host:a.example');
    expect(hostGroupOf('http://user:secret@a.example/x')).toBe('host:a.example');
  });

  it('names IPv4 and IPv6 hosts without brackets', () => {
    expect(hostGroupOf('http://10.0.0.7:9000/')).toBe('host:10.0.0.7:9000');
    expect(hostGroupOf('http://[::1]:8080/')).toBe('host:::1:8080');
    expect(hostGroupOf('http://[2001:DB8::1]/')).toBe('host:2001:db8::1');
  });

  it('names an international host by its ASCII form', () => {
    expect(hostGroupOf('https://bücher.example/')).toBe('host:xn--bcher-kva.example');
  });

  it('gives no group to what is not a URL with a host', () => {
    expect(hostGroupOf('not a url')).toBeUndefined();
    expect(hostGroupOf('')).toBeUndefined();
    expect(hostGroupOf('file:///etc/hosts')).toBeUndefined();
  });

  it('keeps a long host within 100 characters, its start and a digest of the whole, so two never share a group', () => {
    const label = 'a'.repeat(60);
    const one = hostGroupOf(`https://${label}.${label}.example/`)!;
    const two = hostGroupOf(`https://${label}.${label}.example.org/`)!;
    expect(one).toHaveLength(100);
    expect(two).toHaveLength(100);
    expect(one).not.toBe(two);
    expect(one.startsWith(`host:${label}.`)).toBe(true);
    expect(hostGroupOf(`https://${label}.${label}.example/other`)).toBe(one);
    const fits = `${'b'.repeat(63)}.${'c'.repeat(27)}`;
    expect(hostGroupOf(`https://${fits}/`)).toBe(`host:${fits}`);
  });

  it('always gives a valid group name', () => {
    for (const url of ['https://Example.com', 'http://[fe80::1%25eth0]/', 'http://a_b.example/', `https://${'x'.repeat(63)}.${'y'.repeat(63)}.${'z'.repeat(63)}/`]) {
      const group = hostGroupOf(url);
      if (group !== undefined) expect(group).toMatch(NAME_PATTERN);
    }
  });
});
