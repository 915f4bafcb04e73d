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
