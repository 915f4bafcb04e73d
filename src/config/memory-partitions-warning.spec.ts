import { AppConfig } from './app-config';
import { memoryPartitionsWarning } from './memory-partitions-warning';

describe('memoryPartitionsWarning', () => {
  it('names the partitioned queues on the memory store, and says nothing on Redis or without counts', () => {
    expect(memoryPartitionsWarning(AppConfig.from({ QUEUES: 'default:6,emails', QUEUE_PARTITIONS: '4' }))).toMatch(
      /^partition counts are ignored with JOB_STORE=memory \(default:6, emails:4\): .*one process/,
    );
    expect(memoryPartitionsWarning(AppConfig.from({ QUEUES: 'default,emails' }))).toBeUndefined();
    expect(memoryPartitionsWarning(AppConfig.from({ JOB_STORE: 'redis', QUEUES: 'default:6' }))).toBeUndefined();
  });
});
