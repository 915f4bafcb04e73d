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
    expect(config.maxBodyBytes).toBe(32 * 1024 * 1024);
  });

  it('reads numbers and lists from strings', () => {
    const config = AppConfig.from({ PORT: '4000', QUEUES: 'a,b,a', HEARTBEAT_MS: '1000' });
    expect(config.port).toBe(4000);
    expect(config.queues).toEqual(['a', 'b']);
    expect(config.workerDeadMs).toBe(3000);
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
