import { DEFAULT_BACKOFF } from '../../domain/job';
import { ScheduleDefinition, tickIdempotencyKey } from '../../domain/schedule';
import { jobOf } from './schedule-firer';

const NOW = Date.UTC(2030, 0, 1);

const definition = (job: Partial<ScheduleDefinition['job']> = {}): ScheduleDefinition => ({
  queue: 'q',
  everyMs: 1_000,
  timezone: 'UTC',
  job: { type: 'http', payloadJson: '{"url":"https://hooks.example.com/in","method":"POST"}', priority: 0, maxAttempts: 3, backoff: DEFAULT_BACKOFF, timeoutMs: 90_000, ...job },
  overlap: 'allow',
  catchUp: 'latest',
  maxCatchUp: 100,
});

describe('jobOf: the group of a fired job', () => {
  it("gives an http job its host's group when host groups are on, and none when they are off", () => {
    expect(jobOf('s', definition(), NOW, NOW, { hostGroups: true }).group).toBe('host:hooks.example.com');
    expect(jobOf('s', definition(), NOW, NOW, { hostGroups: false })).not.toHaveProperty('group');
    expect(jobOf('s', definition(), NOW, NOW)).not.toHaveProperty('group');
  });

  it("keeps the template's own group, and gives other job types none of their own", () => {
    expect(jobOf('s', definition({ group: 'tenant-1' }), NOW, NOW, { hostGroups: true }).group).toBe('tenant-1');
    expect(jobOf('s', definition({ type: 'report', payloadJson: '{"url":"https://x.example.com"}' }), NOW, NOW, { hostGroups: true })).not.toHaveProperty('group');
    expect(jobOf('s', definition({ type: 'report', group: 'g' }), NOW, NOW).group).toBe('g');
  });

  it("keys the job by its tick unless told another key", () => {
    expect(jobOf('s', definition(), NOW - 5, NOW).idempotencyKey).toBe(tickIdempotencyKey('s', NOW - 5));
    expect(jobOf('s', definition(), NOW, NOW, { idempotencyKey: 'k' }).idempotencyKey).toBe('k');
  });
});
