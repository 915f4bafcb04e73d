import { AppConfig } from './app-config';

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

  it('takes every batch setting at its maximum and refuses one above it', () => {
    const config = AppConfig.from({ WORKER_CONCURRENCY: '10000', REAPER_BATCH: '10000', REFRESH_BATCH: '10000' });
    expect([config.workerConcurrency, config.reaperBatch, config.refreshBatch]).toEqual([10_000, 10_000, 10_000]);
    for (const name of ['WORKER_CONCURRENCY', 'REAPER_BATCH', 'REFRESH_BATCH']) {
      expect(() => AppConfig.from({ [name]: '10001' })).toThrow(new RegExp(`${name}="10001"`));
    }
  });

  it('takes HISTORY_BATCH and EVENTS_MAXLEN at their maximum and refuses one above it', () => {
    const config = AppConfig.from({ HISTORY_BATCH: '10000', EVENTS_MAXLEN: '100000000' });
    expect([config.historyBatch, config.eventsMaxLen]).toEqual([10_000, 100_000_000]);
    expect(() => AppConfig.from({ HISTORY_BATCH: '10001' })).toThrow(/HISTORY_BATCH="10001"/);
    expect(() => AppConfig.from({ EVENTS_MAXLEN: '100000001' })).toThrow(/EVENTS_MAXLEN="100000001"/);
  });

  it('names every bad variable and the reason', () => {
    expect(() => AppConfig.from({ PORT: 'abc', JOB_STORE: 'mongo' })).toThrow(/PORT="abc".*\n.*JOB_STORE="mongo": JOB_STORE must be one of/s);
  });
});

describe('history configuration', () => {
  it('leaves history off without DATABASE_URL', () => {
    const config = AppConfig.from({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dbMigrate).toBe(false);
    expect(config.historyBatch).toBe(500);
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
    expect(() => AppConfig.from({ API_KEYS: 'short' })).toThrow(/API_KEYS="short"/);
    expect(() => AppConfig.from({ API_KEYS: 'has a space in it 0123' })).toThrow(/API_KEYS/);
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
});
