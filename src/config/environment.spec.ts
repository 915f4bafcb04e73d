import { randomBytes } from 'node:crypto';
import { AppConfig } from './app-config';
import { claimqConfig } from '../claimq-options';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = AppConfig.from({});
    expect(config.port).toBe(3000);
    expect(config.mode).toBe('all');
    expect(config.jobStore).toBe('memory');
    expect(config.leaseMs).toBe(300_000);
    expect(config.workerDeadMs).toBe(180_000);
    expect(config.queues).toEqual(['default']);
    expect(config.maxPayloadBytes).toBe(512 * 1024);
    expect(config.maxBodyBytes).toBe(16 * 1024 * 1024);
  });

  it('reads numbers and lists from strings', () => {
    const config = AppConfig.from({ PORT: '4000', QUEUES: 'a,b,a', HEARTBEAT_MS: '1000' });
    expect(config.port).toBe(4000);
    expect(config.queues).toEqual(['a', 'b']);
    expect(config.workerDeadMs).toBe(3000);
  });

  it('gives every queue one partition by default, QUEUE_PARTITIONS to those QUEUES gives no count, and reads name:N', () => {
    expect(AppConfig.from({}).queuePartitions).toEqual(new Map([['default', 1]]));
    const config = AppConfig.from({ QUEUES: 'default:12,emails,a:1:3', QUEUE_PARTITIONS: '2' });
    expect(config.queues).toEqual(['default', 'emails', 'a:1']);
    expect(config.queuePartitions).toEqual(
      new Map([
        ['default', 12],
        ['emails', 2],
        ['a:1', 3],
      ]),
    );
  });

  it('takes 64 partitions, in QUEUE_PARTITIONS and in QUEUES, and refuses 0 and 65 naming the variable', () => {
    expect(AppConfig.from({ QUEUE_PARTITIONS: '64', QUEUES: 'a,b:64' }).queuePartitions).toEqual(
      new Map([
        ['a', 64],
        ['b', 64],
      ]),
    );
    expect(() => AppConfig.from({ QUEUE_PARTITIONS: '65' })).toThrow(/QUEUE_PARTITIONS="65"/);
    expect(() => AppConfig.from({ QUEUE_PARTITIONS: '0' })).toThrow(/QUEUE_PARTITIONS="0"/);
    expect(() => AppConfig.from({ QUEUES: 'a:65' })).toThrow(/QUEUES.*a:65.*1 to 64/);
    expect(() => AppConfig.from({ QUEUES: 'a:0' })).toThrow(/QUEUES.*a:0.*1 to 64/);
    expect(() => AppConfig.from({ QUEUES: 'a:2,a:3' })).toThrow(/QUEUES.*a is given 2 and 3 partitions/);
    expect(() => AppConfig.from({ QUEUES: 'a~1' })).toThrow(/QUEUES/);
  });

  it('takes every batch setting at its maximum and refuses one above it', () => {
    const config = AppConfig.from({ WORKER_CONCURRENCY: '10000', REAPER_BATCH: '10000', REFRESH_BATCH: '10000' });
    expect([config.workerConcurrency, config.reaperBatch, config.refreshBatch]).toEqual([10_000, 10_000, 10_000]);
    for (const name of ['WORKER_CONCURRENCY', 'REAPER_BATCH', 'REFRESH_BATCH']) {
      expect(() => AppConfig.from({ [name]: '10001' })).toThrow(new RegExp(`${name}="10001"`));
    }
  });

  it('takes the scheduler settings at their bounds and refuses one beyond', () => {
    expect(AppConfig.from({}).scheduler).toEqual({ enabled: true, batch: 1_000, leaseMs: 10_000, pollMs: 60_000, misfireGraceMs: 15_000 });
    const max = AppConfig.from({ SCHEDULER_ENABLED: 'false', SCHEDULER_BATCH: '1000', SCHEDULER_LEASE_MS: '300000', SCHEDULER_POLL_MS: '60000', SCHEDULE_MISFIRE_GRACE_MS: '86400000' });
    expect(max.scheduler).toEqual({ enabled: false, batch: 1_000, leaseMs: 300_000, pollMs: 60_000, misfireGraceMs: 86_400_000 });
    for (const [name, value] of [['SCHEDULER_BATCH', '1001'], ['SCHEDULER_LEASE_MS', '999'], ['SCHEDULER_POLL_MS', '49'], ['SCHEDULE_MISFIRE_GRACE_MS', '-1']]) {
      expect(() => AppConfig.from({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
    }
  });

  it('takes HISTORY_BATCH and EVENTS_MAXLEN at their maximum and refuses one above it', () => {
    const config = AppConfig.from({ HISTORY_BATCH: '10000', EVENTS_MAXLEN: '100000000' });
    expect([config.historyBatch, config.eventsMaxLen]).toEqual([10_000, 100_000_000]);
    expect(() => AppConfig.from({ HISTORY_BATCH: '10001' })).toThrow(/HISTORY_BATCH="10001"/);
    expect(() => AppConfig.from({ EVENTS_MAXLEN: '100000001' })).toThrow(/EVENTS_MAXLEN="100000001"/);
  });

  it('takes STREAMS_MAX from 1 to its maximum (10,000, what bench:streams and the stream-limit fault test open) and refuses 0 and one above it', () => {
    expect(AppConfig.from({}).streamsMax).toBe(10_000);
    expect([AppConfig.from({ STREAMS_MAX: '1' }).streamsMax, AppConfig.from({ STREAMS_MAX: '10000' }).streamsMax]).toEqual([1, 10_000]);
    expect(() => AppConfig.from({ STREAMS_MAX: '10001' })).toThrow(/STREAMS_MAX="10001"/);
    expect(() => AppConfig.from({ STREAMS_MAX: '0' })).toThrow(/STREAMS_MAX="0"/);
  });

  it('takes JOB_LOG_LINES from 0 to its maximum (10,000, the contract cases keep that many) and refuses one above it', () => {
    expect(AppConfig.from({}).jobLogLines).toBe(200);
    expect([AppConfig.from({ JOB_LOG_LINES: '0' }).jobLogLines, AppConfig.from({ JOB_LOG_LINES: '10000' }).jobLogLines]).toEqual([0, 10_000]);
    expect(() => AppConfig.from({ JOB_LOG_LINES: '10001' })).toThrow(/JOB_LOG_LINES="10001"/);
    expect(() => AppConfig.from({ JOB_LOG_LINES: '-1' })).toThrow(/JOB_LOG_LINES="-1"/);
  });

  it('names every bad variable and the reason', () => {
    expect(() => AppConfig.from({ PORT: 'abc', JOB_STORE: 'mongo' })).toThrow(/PORT="abc".*\n.*JOB_STORE="mongo": JOB_STORE must be one of/s);
  });
});

describe('history configuration', () => {
  it('partitions by day and keeps 30 days unless told, and takes each limit at its maximum', () => {
    expect([AppConfig.from({}).historyPartition, AppConfig.from({}).historyRetentionDays, AppConfig.from({}).historyCoalesceMs]).toEqual(['day', 30, 1000]);
    const config = AppConfig.from({ HISTORY_PARTITION: 'week', HISTORY_RETENTION_DAYS: '3650', HISTORY_COALESCE_MS: '10000' });
    expect([config.historyPartition, config.historyRetentionDays, config.historyCoalesceMs]).toEqual(['week', 3650, 10_000]);
    expect(AppConfig.from({ HISTORY_RETENTION_DAYS: '0', HISTORY_COALESCE_MS: '0' })).toMatchObject({ historyRetentionDays: 0, historyCoalesceMs: 0 });
    expect(() => AppConfig.from({ HISTORY_RETENTION_DAYS: '3651' })).toThrow(/HISTORY_RETENTION_DAYS="3651"/);
    expect(() => AppConfig.from({ HISTORY_COALESCE_MS: '10001' })).toThrow(/HISTORY_COALESCE_MS="10001"/);
    expect(() => AppConfig.from({ HISTORY_PARTITION: 'month' })).toThrow(/HISTORY_PARTITION="month"/);
  });

  it('leaves history off without DATABASE_URL', () => {
    const config = AppConfig.from({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dbMigrate).toBe(false);
    expect(config.historyBatch).toBe(2000);
  });

  it('reads DATABASE_URL, DB_MIGRATE and HISTORY_BATCH', () => {
    const url = 'postgresql://u:p@db:5432/claimq?sslmode=verify-full';
    const config = AppConfig.from({ DATABASE_URL: url, DB_MIGRATE: 'true', HISTORY_BATCH: '200' });
    expect([config.databaseUrl, config.dbMigrate, config.historyBatch]).toEqual([url, true, 200]);
  });

  it('names a DATABASE_URL that is not postgres and a DB_MIGRATE that is not a boolean', () => {
    expect(() => AppConfig.from({ DATABASE_URL: 'mysql://x', DB_MIGRATE: 'maybe' })).toThrow(/DATABASE_URL="mysql:\/\/x".*\n.*DB_MIGRATE="maybe"/s);
  });
});

describe('API keys configuration', () => {
  it('reads a comma list, trimmed', () => {
    expect(AppConfig.from({ API_KEYS: ' key-one-0123456789 ,key-two-0123456789' }).apiKeys).toEqual(['key-one-0123456789', 'key-two-0123456789']);
    expect(AppConfig.from({}).apiKeys).toEqual([]);
  });

  it('refuses keys shorter than 16 characters or with spaces', () => {
    expect(() => AppConfig.from({ API_KEYS: 'short' })).toThrow(/API_KEYS=\(hidden\): API_KEYS must be/);
    expect(() => AppConfig.from({ API_KEYS: 'has a space in it 0123' })).toThrow(/API_KEYS/);
  });

  it('reads API_KEYS_READONLY like API_KEYS, alone or beside it, with the same limits, never echoing a key', () => {
    const both = AppConfig.from({ API_KEYS: 'key-one-0123456789', API_KEYS_READONLY: ' read-one-0123456789, read-two-0123456789 ' });
    expect([both.apiKeys, both.readOnlyApiKeys, both.apiKeysEnforced]).toEqual([['key-one-0123456789'], ['read-one-0123456789', 'read-two-0123456789'], true]);
    const alone = AppConfig.from({ API_KEYS_READONLY: 'read-one-0123456789' });
    expect([alone.apiKeys, alone.apiKeysEnforced]).toEqual([[], true]);
    expect(AppConfig.from({}).apiKeysEnforced).toBe(false);
    expect(() => AppConfig.from({ API_KEYS_READONLY: 'short-key' })).toThrow(/API_KEYS_READONLY=\(hidden\): API_KEYS_READONLY must be/);
    expect(() => AppConfig.from({ API_KEYS_READONLY: 'has a space in it 0123' })).toThrow(/API_KEYS_READONLY/);
  });

  it('takes the embedded options apiKeys and readOnlyApiKeys as API_KEYS and API_KEYS_READONLY', () => {
    const config = claimqConfig({ apiKeys: ['key-one-0123456789'], readOnlyApiKeys: ['read-one-0123456789', 'read-two-0123456789'] });
    expect([config.apiKeys, config.readOnlyApiKeys]).toEqual([['key-one-0123456789'], ['read-one-0123456789', 'read-two-0123456789']]);
    expect(() => claimqConfig({ apiKeys: ['key-one-0123456789'], readOnlyApiKeys: ['key-one-0123456789'] })).toThrow(/in both lists/);
  });

  it('refuses a key in both lists, naming the lists and not the key', () => {
    const run = () => AppConfig.from({ API_KEYS: 'key-one-0123456789,shared-key-0123456789', API_KEYS_READONLY: 'shared-key-0123456789' });
    expect(run).toThrow(/API_KEYS, API_KEYS_READONLY: a key is in both lists/);
    expect(run).not.toThrow(/shared-key/);
  });

  it('caps the audit trail at 10,000 entries unless told, takes 100,000 and refuses more', () => {
    expect(AppConfig.from({}).auditMaxEntries).toBe(10_000);
    expect(AppConfig.from({ AUDIT_MAX_ENTRIES: '100000' }).auditMaxEntries).toBe(100_000);
    expect(() => AppConfig.from({ AUDIT_MAX_ENTRIES: '100001' })).toThrow(/AUDIT_MAX_ENTRIES="100001"/);
    expect(() => AppConfig.from({ AUDIT_MAX_ENTRIES: '0' })).toThrow(/AUDIT_MAX_ENTRIES="0"/);
  });
});

describe('lease and heartbeat timing', () => {
  it('accepts the defaults and timings that leave room for a missed heartbeat', () => {
    expect(() => AppConfig.from({})).not.toThrow();
    expect(AppConfig.from({ LEASE_MS: '1000', HEARTBEAT_MS: '500', WORKER_DEAD_MS: '501' }).workerDeadMs).toBe(501);
  });

  it('refuses a heartbeat longer than half the lease, naming both variables', () => {
    expect(() => AppConfig.from({ LEASE_MS: '1000', HEARTBEAT_MS: '501' })).toThrow(/HEARTBEAT_MS=501, LEASE_MS=1000: HEARTBEAT_MS must be at most half of LEASE_MS/);
    expect(() => AppConfig.from({ LEASE_MS: '60000' })).toThrow(/HEARTBEAT_MS=60000, LEASE_MS=60000/);
  });

  it('refuses a WORKER_DEAD_MS that is not more than HEARTBEAT_MS, naming both variables', () => {
    expect(() => AppConfig.from({ HEARTBEAT_MS: '1000', WORKER_DEAD_MS: '1000' })).toThrow(
      /WORKER_DEAD_MS=1000, HEARTBEAT_MS=1000: WORKER_DEAD_MS must be more than HEARTBEAT_MS/,
    );
    expect(() => AppConfig.from({ WORKER_DEAD_MS: '5000' })).toThrow(/WORKER_DEAD_MS=5000, HEARTBEAT_MS=60000/);
  });

  it('takes WORKER_IDLE_WAIT_MS from 100 to 600000 (default 5000) and refuses the rest, naming it', () => {
    expect(AppConfig.from({}).workerIdleWaitMs).toBe(5000);
    expect(AppConfig.from({ WORKER_IDLE_WAIT_MS: '100' }).workerIdleWaitMs).toBe(100);
    expect(AppConfig.from({ WORKER_IDLE_WAIT_MS: '600000' }).workerIdleWaitMs).toBe(600_000);
    expect(() => AppConfig.from({ WORKER_IDLE_WAIT_MS: '600001' })).toThrow(/WORKER_IDLE_WAIT_MS/);
    expect(() => AppConfig.from({ WORKER_IDLE_WAIT_MS: '99' })).toThrow(/WORKER_IDLE_WAIT_MS/);
  });

  it('reports a variable that is bad on its own without the timing rules it would then break', () => {
    expect(() => AppConfig.from({ HEARTBEAT_MS: 'soon' })).toThrow(/^invalid configuration:\n  HEARTBEAT_MS="soon": [^\n]*$/);
  });
});

describe('events stream configuration', () => {
  it('keeps 1,000,000 events per queue by default and reads EVENTS_MAXLEN', () => {
    expect(AppConfig.from({}).eventsMaxLen).toBe(1_000_000);
    expect(AppConfig.from({ EVENTS_MAXLEN: '250000' }).eventsMaxLen).toBe(250_000);
  });

  it('refuses an EVENTS_MAXLEN that is not a whole number of at least 1000', () => {
    expect(() => AppConfig.from({ EVENTS_MAXLEN: '10' })).toThrow(/EVENTS_MAXLEN="10"/);
    expect(() => AppConfig.from({ EVENTS_MAXLEN: 'lots' })).toThrow(/EVENTS_MAXLEN="lots"/);
  });

  it('lets each stream hold 1024 MiB for the history writer by default, read in bytes', () => {
    expect(AppConfig.from({}).historyBacklogMaxBytes).toBe(1024 * 1024 * 1024);
    expect(AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '16' }).historyBacklogMaxBytes).toBe(16 * 1024 * 1024);
  });

  it('takes HISTORY_BACKLOG_MAX_MB at its minimum and maximum and refuses one beyond either, naming it', () => {
    expect(AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '1' }).historyBacklogMaxBytes).toBe(1024 * 1024);
    expect(AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '65536' }).historyBacklogMaxBytes).toBe(65_536 * 1024 * 1024);
    expect(() => AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '0' })).toThrow(/HISTORY_BACKLOG_MAX_MB="0"/);
    expect(() => AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '65537' })).toThrow(/HISTORY_BACKLOG_MAX_MB="65537"/);
    expect(() => AppConfig.from({ HISTORY_BACKLOG_MAX_MB: '1.5' })).toThrow(/HISTORY_BACKLOG_MAX_MB="1.5"/);
  });
});

describe('egress and secrets configuration', () => {
  it('defaults to the default egress mode, 5 redirects, the credential headers as secrets and no keys', () => {
    const config = AppConfig.from({});
    expect([config.httpEgress, config.httpEgressAllow, config.httpEgressDeny, config.httpMaxRedirects]).toEqual(['default', [], [], 5]);
    expect(config.httpSecretHeaders).toEqual(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);
    expect(config.secretsKeys).toEqual([]);
    expect(config.egressPolicy().judge('169.254.169.254')).toEqual({ allowed: false, rule: 'link-local' });
    expect(config.httpJobSecrets().encrypts).toBe(false);
  });

  it('reads the egress mode and CIDR lists, and names an entry that is not a CIDR', () => {
    const config = AppConfig.from({ HTTP_EGRESS: 'public-only', HTTP_EGRESS_ALLOW: ' 10.1.0.0/16 , fd00::1', HTTP_EGRESS_DENY: '10.1.5.0/24' });
    expect(config.httpEgressAllow).toEqual(['10.1.0.0/16', 'fd00::1']);
    expect(config.egressPolicy().judge('10.1.2.3')).toEqual({ allowed: true });
    expect(config.egressPolicy().judge('10.1.5.3')).toEqual({ allowed: false, rule: 'HTTP_EGRESS_DENY 10.1.5.0/24' });
    expect(() => AppConfig.from({ HTTP_EGRESS: 'open' })).toThrow(/HTTP_EGRESS="open"/);
    expect(() => AppConfig.from({ HTTP_EGRESS_DENY: '10.0.0.0/8,intranet' })).toThrow(/HTTP_EGRESS_DENY: "intranet" is not a CIDR/);
  });

  it('takes HTTP_MAX_REDIRECTS from 0 to its maximum of 20', () => {
    expect(AppConfig.from({ HTTP_MAX_REDIRECTS: '0' }).httpMaxRedirects).toBe(0);
    expect(AppConfig.from({ HTTP_MAX_REDIRECTS: '20' }).httpMaxRedirects).toBe(20);
    expect(() => AppConfig.from({ HTTP_MAX_REDIRECTS: '21' })).toThrow(/HTTP_MAX_REDIRECTS="21"/);
  });

  it('takes HTTP_HOST_CONCURRENCY from 0 (host groups off) to its maximum, 100 by default', () => {
    expect(AppConfig.from({}).httpHostConcurrency).toBe(100);
    expect(AppConfig.from({}).hostGroups).toBe(true);
    expect(AppConfig.from({ HTTP_HOST_CONCURRENCY: '0' })).toMatchObject({ httpHostConcurrency: 0, hostGroups: false });
    expect(AppConfig.from({ HTTP_HOST_CONCURRENCY: '1000000' }).httpHostConcurrency).toBe(1_000_000);
    for (const value of ['1000001', '-1', '1.5', 'many']) {
      expect(() => AppConfig.from({ HTTP_HOST_CONCURRENCY: value })).toThrow(new RegExp(`HTTP_HOST_CONCURRENCY="${value}"`));
    }
  });

  it('reads HTTP_SECRET_HEADERS in any case and refuses a list that is not header names', () => {
    expect(AppConfig.from({ HTTP_SECRET_HEADERS: 'Authorization, X-Signature' }).httpSecretHeaders).toEqual(['authorization', 'x-signature']);
    expect(() => AppConfig.from({ HTTP_SECRET_HEADERS: 'bad header' })).toThrow(/HTTP_SECRET_HEADERS must be a comma-separated list of header names/);
  });

  it('reads SECRETS_KEYS, and never prints a key (nor an API key) in its errors', () => {
    const good = randomBytes(32).toString('base64');
    expect(AppConfig.from({ SECRETS_KEYS: `${good},${randomBytes(32).toString('hex')}` }).httpJobSecrets().encrypts).toBe(true);
    const bad = `short-${randomBytes(8).toString('hex')}`;
    const message = errorOf(() => AppConfig.from({ SECRETS_KEYS: `${good},${bad}` }));
    expect(message).toMatch(/SECRETS_KEYS entry 2 is not a 32-byte key/);
    expect(message).not.toContain(bad);
    expect(message).not.toContain(good);
    const apiKeyMessage = errorOf(() => AppConfig.from({ API_KEYS: 'short key' }));
    expect(apiKeyMessage).toMatch(/API_KEYS=\(hidden\)/);
    expect(apiKeyMessage).not.toContain('short key');
  });

  it('reads CALLBACK_SIGNING_SECRET as a list, the current secret first; unset signs nothing', () => {
    const current = randomBytes(24).toString('hex');
    const previous = randomBytes(24).toString('base64url');
    const config = AppConfig.from({ CALLBACK_SIGNING_SECRET: ` ${current} , ${previous} ` });
    expect(config.callbackSigningSecrets).toEqual([current, previous]);
    expect(config.callbackSigner()?.sign('{}', 1_000)).toMatch(/^t=1,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(AppConfig.from({}).callbackSigner()).toBeUndefined();
    expect(AppConfig.from({ CALLBACK_SIGNING_SECRET: '' }).callbackSigner()).toBeUndefined();
  });

  it('refuses a short CALLBACK_SIGNING_SECRET entry or one with whitespace, naming its position and never printing a secret', () => {
    const good = randomBytes(24).toString('hex');
    const short = `short-${randomBytes(8).toString('hex')}`;
    const shortMessage = errorOf(() => AppConfig.from({ CALLBACK_SIGNING_SECRET: `${good},${short}` }));
    expect(shortMessage).toContain('CALLBACK_SIGNING_SECRET entry 2 is shorter than 32 characters');
    const spaced = `${randomBytes(12).toString('hex')}\t${randomBytes(12).toString('hex')}`;
    const spacedMessage = errorOf(() => AppConfig.from({ CALLBACK_SIGNING_SECRET: spaced }));
    expect(spacedMessage).toContain('CALLBACK_SIGNING_SECRET entry 1 contains whitespace');
    expect(errorOf(() => AppConfig.from({ CALLBACK_SIGNING_SECRET: ' , ' }))).toContain('CALLBACK_SIGNING_SECRET holds no secret');
    for (const message of [shortMessage, spacedMessage]) {
      for (const secret of [good, short, ...spaced.split('\t')]) expect(message).not.toContain(secret);
    }
  });

  it('masks the password of a URL it refuses', () => {
    const message = errorOf(() => AppConfig.from({ REDIS_URL: 'http://user:pa55word@redis:6379' }));
    expect(message).toContain('REDIS_URL="http://user:***@redis:6379"');
    expect(message).not.toContain('pa55word');
  });
});

describe('Redis Cluster configuration', () => {
  it('runs on one Redis server unless REDIS_CLUSTER_NODES is set, and waits for no replica by default', () => {
    const config = AppConfig.from({});
    expect(config.redisCluster).toBeUndefined();
    expect([config.redisWaitReplicas, config.redisWaitTimeoutMs]).toEqual([0, 1000]);
  });

  it('reads seed nodes as host:port or URLs, whose credentials and TLS apply to every node', () => {
    expect(AppConfig.from({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-b:7001,[::1]:7002 ' }).redisCluster).toEqual({
      seeds: [
        { host: '10.0.0.1', port: 7000 },
        { host: 'redis-b', port: 7001 },
        { host: '::1', port: 7002 },
      ],
      tls: false,
    });
    expect(AppConfig.from({ REDIS_CLUSTER_NODES: 'rediss://app:s%40cret@a:6380,b:6381' }).redisCluster).toEqual({
      seeds: [
        { host: 'a', port: 6380 },
        { host: 'b', port: 6381 },
      ],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
  });

  it('refuses entries without a port or host, a database, another scheme, and URLs that disagree, never printing a password', () => {
    for (const [value, reason] of [
      ['a:notaport', /REDIS_CLUSTER_NODES: "a:notaport" is not host:port/],
      ['http://a:1', /must be host:port, redis:\/\/ or rediss:\/\//],
      ['redis://a:1/2', /no database/],
      [' , ', /no node given/],
      ['redis://:one@a:1,rediss://:one@b:2', /different credentials or TLS/],
    ] as const) {
      expect(() => AppConfig.from({ REDIS_CLUSTER_NODES: value })).toThrow(reason);
    }
    const message = errorOf(() => AppConfig.from({ REDIS_CLUSTER_NODES: 'redis://:pa55word@a:1/3' }));
    expect(message).not.toContain('pa55word');
  });

  it('takes REDIS_WAIT_REPLICAS up to 5 and REDIS_WAIT_TIMEOUT_MS up to 60000, and refuses one above', () => {
    const config = AppConfig.from({ REDIS_WAIT_REPLICAS: '5', REDIS_WAIT_TIMEOUT_MS: '60000' });
    expect([config.redisWaitReplicas, config.redisWaitTimeoutMs]).toEqual([5, 60_000]);
    expect(() => AppConfig.from({ REDIS_WAIT_REPLICAS: '6' })).toThrow(/REDIS_WAIT_REPLICAS="6"/);
    expect(() => AppConfig.from({ REDIS_WAIT_TIMEOUT_MS: '60001' })).toThrow(/REDIS_WAIT_TIMEOUT_MS="60001"/);
  });
});

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
}
