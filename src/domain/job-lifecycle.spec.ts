import { claimDecision, enqueueDecision, heartbeatDecision, promoteDecision, retryDecision } from './job-lifecycle';

describe('the decisions of a job life', () => {
  const now = 1_000_000;

  it('enqueue: scheduled while runAt is ahead, else pending from now', () => {
    expect(enqueueDecision(now + 1, now)).toEqual({ status: 'scheduled', runAt: now + 1 });
    expect(enqueueDecision(now, now)).toEqual({ status: 'pending', runAt: now });
    expect(enqueueDecision(now - 5_000, now)).toEqual({ status: 'pending', runAt: now });
  });

  it('claim: one more attempt and token, a lease never past startedAt + timeoutMs + grace', () => {
    expect(claimDecision({ attempts: 1, token: 7, timeoutMs: 90_000 }, now, 30_000, 60_000)).toEqual({
      attempts: 2,
      token: 8,
      startedAt: now,
      leaseExpiresAt: now + 30_000,
    });
    expect(claimDecision({ attempts: 0, token: 0, timeoutMs: 1_000 }, now, 30_000, 500).leaseExpiresAt).toBe(now + 1_500);
  });

  it('heartbeat: renewed up to the hard limit, stale at it, cancel when asked', () => {
    expect(heartbeatDecision(now + 60_000, false, now, 30_000)).toEqual({ outcome: 'ok', leaseExpiresAt: now + 30_000 });
    expect(heartbeatDecision(now + 10_000, false, now, 30_000)).toEqual({ outcome: 'ok', leaseExpiresAt: now + 10_000 });
    expect(heartbeatDecision(now + 10_000, true, now, 30_000)).toEqual({ outcome: 'cancel', leaseExpiresAt: now + 10_000 });
    expect(heartbeatDecision(now, false, now, 30_000)).toEqual({ outcome: 'stale' });
  });

  it('promote: only a scheduled job, pending from now', () => {
    expect(promoteDecision('scheduled', now)).toEqual({ runAt: now });
    for (const status of ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const) expect(promoteDecision(status, now)).toBe('refuse');
  });

  it('retry: only a failed or cancelled job, pending from now with its attempts reset', () => {
    expect(retryDecision('failed', now)).toEqual({ status: 'pending', attempts: 0, runAt: now });
    expect(retryDecision('cancelled', now)).toEqual({ status: 'pending', attempts: 0, runAt: now });
    for (const status of ['pending', 'scheduled', 'running', 'succeeded'] as const) expect(retryDecision(status, now)).toBe('refuse');
  });
});
